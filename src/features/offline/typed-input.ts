// Typed form input is noted from the page's first moment: the update prompt loads after the first
// screen (off the first route's JavaScript), and a reload must not throw away what someone typed
// before it loaded. Header fields (the search box) do not count.

let typedOn: string | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

if (typeof document !== 'undefined') {
  document.addEventListener(
    'input',
    (event) => {
      const field = event.target as Element | null;
      if (field?.closest?.('form') && !field.closest('header')) {
        typedOn = window.location.pathname;
        emit();
      }
    },
    true,
  );
  document.addEventListener(
    'submit',
    () => {
      typedOn = null;
      emit();
    },
    true,
  );
}

/** The path where someone last typed into a form without submitting it, or null. */
export function typedInFormOn(): string | null {
  return typedOn;
}

export function subscribeToTypedInput(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
