// The toasts' levels, titles and duration, apart from Mantine's notifications: the page's early
// script (src/early), which shows its own toasts before the app has taken over, says them the same.

/** Toast levels: 0 error, 1 success (the default), 2 warning, 3 info. */
export const ToastLevel = { error: 0, success: 1, warning: 2, info: 3 } as const;
export type ToastLevel = (typeof ToastLevel)[keyof typeof ToastLevel];

export const TOAST_TITLES: Record<ToastLevel, string> = {
  0: 'Atenção',
  1: 'Sucesso',
  2: 'Aviso',
  3: 'Informação',
};

/** Toasts close after 5 s. */
export const TOAST_DURATION_MS = 5000;
