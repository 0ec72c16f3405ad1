import type { TakeoverWindow } from '../domain/takeover';

/**
 * What the person typed into a server-rendered field (found by its `name`) before the app took over
 * the page, for the field's first state: hydration would otherwise put the rendered value back over
 * it. Nothing once the app is running (the page's early script, src/early, stops at `__appReady`).
 */
export function typedBeforeHydration(name: string): string | undefined {
  if (typeof document === 'undefined' || (window as TakeoverWindow).__appReady) return undefined;
  const field = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  return field?.value || undefined;
}
