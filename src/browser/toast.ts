import { TOAST_DURATION_MS, TOAST_TITLES, type ToastLevel } from './toast-levels';

// Closes after TOAST_DURATION_MS; the <Notifications> host in the app caps them at 3. Mantine's
// notifications (their store, and the host with its transitions and scroll locking) are asked for
// with the first toast, never with a page's own code: no first screen shows one before a tap, and
// the host itself waits for the first screen (src/app/app.tsx). Toasts keep their order: every
// show waits for the same import.
const colorOf: Record<ToastLevel, string> = { 0: 'red.8', 1: 'green.8', 2: 'yellow.8', 3: 'blue.8' };

export interface ToastOptions {
  level?: ToastLevel;
  /** Overrides the level's title (freight errors use 'Erro', or 'Informação' in the cart). */
  title?: string;
  /** Milliseconds before it closes; defaults to 5 s; false keeps it until the person closes it. */
  autoClose?: number | false;
}

let shown = 0;

/** Shows a toast and returns its id. */
export function showToast(message: string, { level = 1, title, autoClose }: ToastOptions = {}): string {
  const id = `aviso-${++shown}`;
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({
      id,
      title: title ?? TOAST_TITLES[level],
      message,
      color: colorOf[level],
      autoClose: autoClose ?? TOAST_DURATION_MS,
      // Mantine's close button has no text of its own: name it for screen readers (axe button-name).
      closeButtonProps: { 'aria-label': 'Fechar aviso' },
    }),
  );
  return id;
}

export const toast = {
  error: (message: string, title?: string) => showToast(message, { level: 0, title }),
  success: (message: string, title?: string) => showToast(message, { level: 1, title }),
  warning: (message: string, title?: string) => showToast(message, { level: 2, title }),
  info: (message: string, title?: string) => showToast(message, { level: 3, title }),
};
