import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useTablet } from '../api/tablet';

const badgeStyle = {
  // A block, not a flex box: only a block ends its cut text with an ellipsis.
  display: 'block',
  lineHeight: '48px',
  minHeight: 48,
  maxWidth: '10rem',
  // On a phone the header's row may be narrower than the name: it shrinks first (who is signed
  // in matters more there), down to 'Loja…', with an ellipsis.
  minWidth: '4.5rem',
  flexShrink: 10,
  padding: '0 12px',
  borderRadius: 24,
  background: 'var(--mantine-color-teal-0)',
  color: 'var(--mantine-color-teal-9)',
  fontWeight: 700,
  fontSize: 'var(--mantine-font-size-sm)',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
} as const;

/** The paired store's name in the header (after hydration; nothing for other shoppers). */
export function StoreBadge() {
  const tablet = useTablet();
  if (!tablet) return null;
  return (
    <Link to={paths.storeMode} style={badgeStyle} aria-label={`Modo loja: ${tablet.loja.nome}`}>
      {tablet.loja.nome}
    </Link>
  );
}
