import type { ReactNode } from 'react';
import { useTablet } from '../api/tablet';
import { StaffNotice } from './manager-only';

/**
 * What a staff screen shows without a staff member signed in on a paired tablet: its title, why
 * not (`what`: 'as retiradas', 'os orçamentos'), the way to /loja, and anything the screen adds.
 */
export function StaffOnly({ title, what, children }: { title: string; what: string; children?: ReactNode }) {
  const tablet = useTablet();
  return (
    <StaffNotice
      title={title}
      message={
        tablet
          ? `Entre como vendedor para ver ${what} desta loja.`
          : 'Este aparelho não está pareado a uma loja.'
      }
      link="Ir para o modo loja"
    >
      {children}
    </StaffNotice>
  );
}
