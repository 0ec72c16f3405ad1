import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '../test-utils/render';
import { ProductGallery } from '../../../src/features/catalogue/components/product-gallery';

const images = ['/imagens/9/1.png', '/imagens/9/2.png', '/imagens/9/3.png', '/imagens/9/4.png'];
const shown = () => screen.getByRole('img', { name: /imagem \d de 4/ });

describe('ProductGallery', () => {
  it('moves with previous and next, wraps around, and counts "n / total"', async () => {
    render(<ProductGallery images={images} name="Torneira" />);
    const user = userEvent.setup();
    expect(screen.getByText('1 / 4')).toBeTruthy();
    expect(shown().getAttribute('src')).toBe(images[0]);
    expect(shown().hasAttribute('width')).toBe(true);
    expect(shown().hasAttribute('height')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Próxima imagem' }));
    expect(screen.getByText('2 / 4')).toBeTruthy();
    expect(shown().getAttribute('src')).toBe(images[1]);
    await user.click(screen.getByRole('button', { name: 'Imagem anterior' }));
    await user.click(screen.getByRole('button', { name: 'Imagem anterior' }));
    expect(screen.getByText('4 / 4')).toBeTruthy();
    expect(shown().getAttribute('alt')).toBe('Torneira, imagem 4 de 4');
  });

  it('jumps to a thumbnail, marks it current, and follows the arrow keys', async () => {
    render(<ProductGallery images={images} name="Torneira" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Mostrar imagem 3 de 4' }));
    expect(screen.getByText('3 / 4')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mostrar imagem 3 de 4' }).getAttribute('aria-current')).toBe(
      'true',
    );
    const stage = screen.getByRole('group', { name: /Imagem ampliada/ });
    stage.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('4 / 4')).toBeTruthy();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByText('2 / 4')).toBeTruthy();
  });

  it('follows a swipe', () => {
    render(<ProductGallery images={images} name="Torneira" />);
    const stage = screen.getByRole('group', { name: /Imagem ampliada/ });
    fireEvent.touchStart(stage, { touches: [{ clientX: 300 }] });
    fireEvent.touchEnd(stage, { changedTouches: [{ clientX: 120 }] });
    expect(screen.getByText('2 / 4')).toBeTruthy();
    fireEvent.touchStart(stage, { touches: [{ clientX: 100 }] });
    fireEvent.touchEnd(stage, { changedTouches: [{ clientX: 300 }] });
    expect(screen.getByText('1 / 4')).toBeTruthy();
  });

  it('shows one image without controls', () => {
    render(<ProductGallery images={images.slice(0, 1)} name="Torneira" />);
    expect(screen.getByRole('img', { name: 'Torneira' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
