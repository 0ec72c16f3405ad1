import { lazy, Suspense, useState } from 'react';
import { Button, Loader } from '@mantine/core';

// The form and its contract load on the tap only (docs/decisions/045-back-in-stock-alerts.md): the
// product page's first screen carries just this button.
const StockAlertForm = lazy(() =>
  import('./stock-alert-form').then((module) => ({ default: module.StockAlertForm })),
);

/** 'Avise-me quando chegar' on a product out of stock: the button, then the form in its place. */
export function StockAlertButton({ idprd }: { idprd: number }) {
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <Button variant="outline" size="md" onClick={() => setOpen(true)}>
        Avise-me quando chegar
      </Button>
    );
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Carregando o formulário de aviso" />}>
      <StockAlertForm idprd={idprd} />
    </Suspense>
  );
}
