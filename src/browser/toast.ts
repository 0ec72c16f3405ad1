import { notifications } from '@mantine/notifications';

/**
 * Toast levels: 0 error ('Atenção'), 1 success ('Sucesso', the default), 2 warning,
 * 3 info. Toasts close after 5 s; the <Notifications> host in the app caps them at 3.
 */
export const ToastLevel = { error: 0, success: 1, warning: 2, info: 3 } as const;
export type ToastLevel = (typeof ToastLevel)[keyof typeof ToastLevel];

export const TOAST_DURATION_MS = 5000;

const styleOf: Record<ToastLevel, { title: string; color: string }> = {
  0: { title: 'Atenção', color: 'red.8' },
  1: { title: 'Sucesso', color: 'green.8' },
  2: { title: 'Aviso', color: 'yellow.8' },
  3: { title: 'Informação', color: 'blue.8' },
};

export interface ToastOptions {
  level?: ToastLevel;
  /** Overrides the level's title (freight errors use 'Erro', or 'Informação' in the cart). */
  title?: string;
  /** Milliseconds before it closes; defaults to 5 s; false keeps it until the person closes it. */
  autoClose?: number | false;
}

/** Shows a toast and returns its id. */
export function showToast(message: string, { level = 1, title, autoClose }: ToastOptions = {}): string {
  const style = styleOf[level];
  return notifications.show({
    title: title ?? style.title,
    message,
    color: style.color,
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
