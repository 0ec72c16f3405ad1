import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS, TOAST_TITLES, type ToastLevel } from './toast-levels';

// Closes after TOAST_DURATION_MS; the <Notifications> host in the app caps them at 3.
const colorOf: Record<ToastLevel, string> = { 0: 'red.8', 1: 'green.8', 2: 'yellow.8', 3: 'blue.8' };

export interface ToastOptions {
  level?: ToastLevel;
  /** Overrides the level's title (freight errors use 'Erro', or 'Informação' in the cart). */
  title?: string;
  /** Milliseconds before it closes; defaults to 5 s; false keeps it until the person closes it. */
  autoClose?: number | false;
}

/** Shows a toast and returns its id. */
export function showToast(message: string, { level = 1, title, autoClose }: ToastOptions = {}): string {
  return notifications.show({
    title: title ?? TOAST_TITLES[level],
    message,
    color: colorOf[level],
    autoClose: autoClose ?? TOAST_DURATION_MS,
    // Mantine's close button has no text of its own: name it for screen readers (axe button-name).
    closeButtonProps: { 'aria-label': 'Fechar aviso' },
  });
}

export const toast = {
  error: (message: string, title?: string) => showToast(message, { level: 0, title }),
  success: (message: string, title?: string) => showToast(message, { level: 1, title }),
  warning: (message: string, title?: string) => showToast(message, { level: 2, title }),
  info: (message: string, title?: string) => showToast(message, { level: 3, title }),
};
