/**
 * A one-path inline icon in the text's colour, hidden from screen readers (the control it sits in
 * carries the name): the store loads no icon library.
 */
export function Icon({ path, size = 24 }: { path: string; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={path} />
    </svg>
  );
}
