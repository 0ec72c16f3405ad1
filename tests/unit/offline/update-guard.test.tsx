import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { areUpdatesHeld, holdUpdates, useHoldUpdates } from '../../../src/components/update-guard';

describe('holding app updates during unsaved work', () => {
  it('holds while any screen holds, and releases only when all have', () => {
    expect(areUpdatesHeld()).toBe(false);
    const releaseForm = holdUpdates();
    const releaseCheckout = holdUpdates();
    releaseForm();
    releaseForm();
    expect(areUpdatesHeld()).toBe(true);
    releaseCheckout();
    expect(areUpdatesHeld()).toBe(false);
  });

  it('follows a form that becomes dirty, then is saved or left', () => {
    const { rerender, unmount } = renderHook(({ dirty }) => useHoldUpdates(dirty), {
      initialProps: { dirty: false },
    });
    expect(areUpdatesHeld()).toBe(false);
    rerender({ dirty: true });
    expect(areUpdatesHeld()).toBe(true);
    rerender({ dirty: false });
    expect(areUpdatesHeld()).toBe(false);
    rerender({ dirty: true });
    unmount();
    expect(areUpdatesHeld()).toBe(false);
  });
});
