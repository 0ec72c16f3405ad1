import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';

/** The listing's filters on a narrow screen, sliding from the left ('Filtrar'). */
export function FiltersDrawer({
  opened,
  onClose,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer opened={opened} onClose={onClose} title="Filtros" position="left" size="85%">
      {children}
    </Drawer>
  );
}
