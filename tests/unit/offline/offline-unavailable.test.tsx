import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { render } from '../test-utils/render';
import { OfflineUnavailable } from '../../../src/components/offline-unavailable';

it('says the page needs the internet and offers what works offline', () => {
  render(<OfflineUnavailable />);
  expect(screen.getByRole('heading', { name: 'Página indisponível sem conexão' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Página inicial' }).getAttribute('href')).toBe('/');
  expect(screen.getByRole('link', { name: 'Carrinho' }).getAttribute('href')).toBe('/carrinho');
  expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
});
