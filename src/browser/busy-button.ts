/** A button whose tap has been taken but not yet answered: busy for screen readers and the pointer. */
export function markBusy(button: HTMLElement, busy: boolean): void {
  if (busy) button.setAttribute('aria-busy', 'true');
  else button.removeAttribute('aria-busy');
  // An empty value removes the property.
  button.style.cursor = busy ? 'progress' : '';
}
