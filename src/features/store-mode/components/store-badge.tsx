import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useTablet } from '../api/tablet';

const badgeStyle = {
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 48,
  maxWidth: '10rem',
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
