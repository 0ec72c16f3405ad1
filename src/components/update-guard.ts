import { useEffect } from 'react';

// A new app version reloads the page; it must wait while someone is in the middle of something.
// Screens hold updates while they have unsaved input (`useHoldUpdates(form.formState.isDirty)`);
// the update prompt also waits on /checkout and after typing in any form on the current page.

const holds = new Set<object>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Holds app updates until the returned release function is called. */
export function holdUpdates(): () => void {
  const token = {};
  holds.add(token);
  emit();
  return () => {
    if (holds.delete(token)) emit();
  };
}

/** Holds app updates while `active` is true (for example a form with unsaved input). */
export function useHoldUpdates(active: boolean): void {
  useEffect(() => (active ? holdUpdates() : undefined), [active]);
}

export function areUpdatesHeld(): boolean {
  return holds.size > 0;
}

export function subscribeToUpdateHolds(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
