import { act, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { render } from '../test-utils/render';
import { OfflineBanner } from '../../../src/features/offline/offline-banner';
import { OFFLINE_ACTION_REASON, useOnlineStatus } from '../../../src/hooks/online-status';

function goOffline(offline: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => !offline });
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

afterEach(() => goOffline(false));

describe('offline notice', () => {
  it('appears while the network is gone and leaves when it returns', () => {
    render(<OfflineBanner />);
    expect(screen.queryByRole('status')).toBeNull();

    goOffline(true);
    expect(screen.getByRole('status')).toHaveProperty(
      'textContent',
      'Você está offline. Mostrando o que já foi visitado.',
    );

    goOffline(false);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('lets any screen know the network state, with a plain reason for disabled actions', () => {
    const { result } = renderHook(() => useOnlineStatus());
    expect(result.current).toBe(true);
    goOffline(true);
    expect(result.current).toBe(false);
    expect(OFFLINE_ACTION_REASON).toBe('Sem conexão: esta ação precisa de internet.');
  });
});
