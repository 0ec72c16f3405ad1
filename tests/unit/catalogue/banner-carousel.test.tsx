import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { render } from '../test-utils/render';
import { BannerCarousel } from '../../../src/features/catalogue/components/banner-carousel';
import { BANNER_INTERVAL_MS, homeBanners } from '../../../src/features/catalogue/lib/banners';

const banners = homeBanners({
  bathrooms: 'https://example.com/banheiro',
  channel: 'https://wa.me/5519998761969',
  tiles: 'https://example.com/pisos',
  kitchen: 'https://example.com/cozinha',
  about: 'https://example.com/sobre',
});
const current = () =>
  screen
    .getAllByRole('button', { name: /^Mostrar banner/ })
    .findIndex((dot) => dot.getAttribute('aria-current') === 'true') + 1;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('BannerCarousel', () => {
  it('shows five banners opening in a new tab, each image sized, the first loaded eagerly', () => {
    const { container } = render(<BannerCarousel banners={banners} />);
    const links = container.querySelectorAll('a[target="_blank"]');
    expect(links.length).toBe(5);
    links.forEach((link) => expect(link.getAttribute('rel')).toContain('noopener'));
    const images = container.querySelectorAll('img');
    images.forEach((img) => {
      expect(img.getAttribute('width')).toBe('960');
      expect(img.getAttribute('height')).toBe('480');
    });
    expect(images[0].getAttribute('loading')).toBe('eager');
    expect(images[0].getAttribute('fetchpriority')).toBe('high');
    expect(images[1].getAttribute('loading')).toBe('lazy');
  });

  it('rotates every 5000 ms and wraps around', () => {
    render(<BannerCarousel banners={banners} />);
    expect(current()).toBe(1);
    act(() => vi.advanceTimersByTime(BANNER_INTERVAL_MS - 1));
    expect(current()).toBe(1);
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toBe(2);
    for (let i = 0; i < 4; i += 1) act(() => vi.advanceTimersByTime(BANNER_INTERVAL_MS));
    expect(current()).toBe(1);
  });

  it('stops while hovered and while paused, and moves with its controls', () => {
    render(<BannerCarousel banners={banners} />);
    const carousel = screen.getByRole('region', { name: 'Destaques' });
    fireEvent.mouseEnter(carousel);
    act(() => vi.advanceTimersByTime(BANNER_INTERVAL_MS * 3));
    expect(current()).toBe(1);
    fireEvent.mouseLeave(carousel);
    fireEvent.click(screen.getByRole('button', { name: 'Pausar rotação dos banners' }));
    act(() => vi.advanceTimersByTime(BANNER_INTERVAL_MS * 3));
    expect(current()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Próximo banner' }));
    expect(current()).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Banner anterior' }));
    fireEvent.click(screen.getByRole('button', { name: 'Banner anterior' }));
    expect(current()).toBe(5);
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar banner 3 de 5' }));
    expect(current()).toBe(3);
    fireEvent.click(screen.getByRole('button', { name: 'Retomar rotação dos banners' }));
    act(() => vi.advanceTimersByTime(BANNER_INTERVAL_MS));
    expect(current()).toBe(4);
  });
});
