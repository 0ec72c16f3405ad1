import { useEffect, useState, type FocusEvent } from 'react';
import { Group, UnstyledButton } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { BANNER_HEIGHT, BANNER_INTERVAL_MS, BANNER_WIDTH, type Banner } from '../lib/banners';
import { useSwipe } from '../lib/use-swipe';
import { SlideArrows } from './slide-arrows';
import classes from './banner-carousel.module.css';

/**
 * The home carousel: rotates every 5000 ms, but never while the pointer or keyboard
 * focus is on it, while the shopper has paused it, or when the system asks for reduced motion
 * (WCAG 2.2.2 wants moving content to be stoppable).
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = useReducedMotion();
  const count = banners.length;
  const rotating = count > 1 && !paused && !hovered && !focused && !reducedMotion;

  // A timeout per slide, so a manual change also restarts the 5 s.
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => setIndex((current) => (current + 1) % count), BANNER_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, index, count]);

  const go = (next: number) => setIndex(((next % count) + count) % count);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };
  const swipe = useSwipe((direction) => go(index + direction));

  if (count === 0) return null;
  return (
    <section
      aria-roledescription="carrossel"
      aria-label="Destaques"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div className={classes.root}>
        <div
          className={classes.track}
          style={{ transform: `translateX(-${index * 100}%)` }}
          aria-live={rotating ? 'off' : 'polite'}
          onTouchStart={swipe.onTouchStart}
          onTouchEnd={swipe.onTouchEnd}
        >
          {banners.map((banner, i) => (
            <div
              key={banner.src}
              className={classes.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} de ${count}`}
              inert={i !== index}
            >
              <a
                href={banner.href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`${banner.alt} (abre em nova aba)`}
              >
                <img
                  src={banner.src}
                  alt={banner.alt}
                  width={BANNER_WIDTH}
                  height={BANNER_HEIGHT}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'low'}
                  decoding={i === 0 ? 'sync' : 'async'}
                />
              </a>
            </div>
          ))}
        </div>
        {count > 1 && (
          <>
            <SlideArrows
              previousLabel="Banner anterior"
              nextLabel="Próximo banner"
              onPrevious={() => go(index - 1)}
              onNext={() => go(index + 1)}
              phonePlacement="corner"
            />
          </>
        )}
      </div>
      {count > 1 && (
        <Group justify="center" gap={4} mt={6}>
          {banners.map((banner, i) => (
            <UnstyledButton
              key={banner.src}
              className={classes.dot}
              aria-label={`Mostrar banner ${i + 1} de ${count}`}
              aria-current={i === index}
              onClick={() => go(i)}
            />
          ))}
          <UnstyledButton
            fz="sm"
            c="red.8"
            px="xs"
            mih={24}
            onClick={() => setPaused((value) => !value)}
            aria-label={paused ? 'Retomar rotação dos banners' : 'Pausar rotação dos banners'}
          >
            {paused ? '▶' : '❚❚'}
          </UnstyledButton>
        </Group>
      )}
    </section>
  );
}
