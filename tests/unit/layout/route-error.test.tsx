import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { theme } from '../../../src/app/theme';
import { RouteError } from '../../../src/app/layout/route-error';

describe('RouteError', () => {
  it('says the page could not open, in the tab title too, with a way home', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    document.title = 'Casa & Obra';
    const router = createMemoryRouter([
      {
        path: '/',
        errorElement: <RouteError />,
        loader: () => {
          throw new Error('falhou');
        },
        element: <h1>Nunca</h1>,
      },
    ]);
    render(
      <MantineProvider theme={theme}>
        <RouterProvider router={router} />
      </MantineProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Algo deu errado' })).toBeTruthy();
    // The title is set in an effect, which may run after the heading shows.
    await waitFor(() => expect(document.title).toBe('Algo deu errado | Casa & Obra'));
    expect(screen.getByRole('link', { name: 'Voltar para a página inicial' }).getAttribute('href')).toBe('/');
  });
});
