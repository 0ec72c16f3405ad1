import { useState, type KeyboardEvent } from 'react';
import { useSwipe } from '../lib/use-swipe';
import { SlideArrows } from './slide-arrows';
import classes from './product-gallery.module.css';

export const GALLERY_IMAGE_SIZE = 600;
const THUMB_SIZE = 64;

interface ProductGalleryProps {
  /** Image addresses, first one shown first. */
  images: readonly string[];
  /** The product name, for the images' alternative text. */
  name: string;
}

/**
 * The product page gallery: previous/next, thumbnails, a counter ('2 / 4'), swipe on
 * touch screens and the arrow keys when it has focus. It wraps around at both ends.
 */
export function ProductGallery({ images, name }: ProductGalleryProps) {
  const [index, setIndex] = useState(0);
  const count = images.length;
  const current = Math.min(index, count - 1);
  const go = (next: number) => setIndex(((next % count) + count) % count);
  const swipe = useSwipe((direction) => go(current + direction));
  if (count === 0) return null;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(current - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(current + 1);
    }
  };

  return (
    <section aria-roledescription="galeria" aria-label={`Imagens de ${name}`}>
      <div
        className={classes.stage}
        tabIndex={count > 1 ? 0 : undefined}
        onKeyDown={count > 1 ? onKeyDown : undefined}
        onTouchStart={swipe.onTouchStart}
        onTouchEnd={swipe.onTouchEnd}
        role={count > 1 ? 'group' : undefined}
        aria-label={count > 1 ? 'Imagem ampliada (setas do teclado trocam a imagem)' : undefined}
        aria-live="polite"
      >
        <img
          key={images[current]}
          className={classes.main}
          src={images[current]}
          alt={count > 1 ? `${name}, imagem ${current + 1} de ${count}` : name}
          width={GALLERY_IMAGE_SIZE}
          height={GALLERY_IMAGE_SIZE}
          loading="eager"
          fetchPriority={current === 0 ? 'high' : 'auto'}
        />
        {count > 1 && (
          <>
            <SlideArrows
              previousLabel="Imagem anterior"
              nextLabel="Próxima imagem"
              onPrevious={() => go(current - 1)}
              onNext={() => go(current + 1)}
            />
            {/* Screen readers hear the position in the image's alternative text instead. */}
            <span className={classes.counter} aria-hidden="true" data-testid="gallery-counter">
              {current + 1} / {count}
            </span>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className={classes.thumbs} aria-label="Miniaturas">
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                className={classes.thumb}
                aria-label={`Mostrar imagem ${i + 1} de ${count}`}
                aria-current={i === current}
                onClick={() => go(i)}
              >
                <img src={src} alt="" width={THUMB_SIZE} height={THUMB_SIZE} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
