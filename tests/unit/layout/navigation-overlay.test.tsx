import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router-dom';
import { theme } from '../../../src/app/theme';
import { NavigationOverlay } from '../../../src/app/layout/navigation-overlay';

// A route whose code arrives only when the test says so, as on a slow network.
let deliver: () => void = () => {};
function slowScreen() {
  return new Promise<{ Component: () => React.JSX.Element }>((resolve) => {
    deliver = () => resolve({ Component: () => <h1>Tela lenta</h1> });
  });
}

function renderApp() {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <>
          <Link to="/lenta">lenta</Link>
          <Link to="/pronta">pronta</Link>
          <Outlet />
          <NavigationOverlay />
        </>
      ),
      children: [
        { index: true, element: <h1>Início</h1> },
        { path: 'lenta', lazy: slowScreen },
        { path: 'pronta', element: <h1>Tela pronta</h1> },
      ],
    },
  ]);
  render(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

describe("'Carregando...' overlay", () => {
  it('shows while the next screen loads and goes when it is ready', async () => {
    renderApp();
    fireEvent.click(screen.getByRole('link', { name: 'lenta' }));
    await advance(150);
    expect(screen.getByRole('status').textContent).toBe('Carregando...');
    await act(async () => deliver());
    await advance(0);
    expect(screen.getByRole('heading', { name: 'Tela lenta' })).toBeTruthy();
    expect(screen.queryByText('Carregando...')).toBeNull();
  });

  it('gives up after 2000 ms even if the screen is still loading', async () => {
    renderApp();
    fireEvent.click(screen.getByRole('link', { name: 'lenta' }));
    await advance(1900);
    expect(screen.getByText('Carregando...')).toBeTruthy();
    await advance(150);
    expect(screen.queryByText('Carregando...')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Tela lenta' })).toBeNull();
    await act(async () => deliver());
    await advance(0);
    expect(screen.getByRole('heading', { name: 'Tela lenta' })).toBeTruthy();
  });

  it('never shows for a screen that is ready', async () => {
    renderApp();
    fireEvent.click(screen.getByRole('link', { name: 'pronta' }));
    await advance(0);
    expect(screen.getByRole('heading', { name: 'Tela pronta' })).toBeTruthy();
    await advance(2500);
    expect(screen.queryByText('Carregando...')).toBeNull();
  });
});
