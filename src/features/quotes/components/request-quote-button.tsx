import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import { useCartLines } from '../../../storage/cart';
import { useCustomerRecord, useIsSignedIn } from '../../../storage/customer-session';
import { useTabletMarker } from '../../../storage/tablet-marker';

// The form and its contract load when the customer asks for a quote, not with the cart.
const RequestQuoteForm = lazy(() => import('./request-quote-form'));

/**
 * 'Solicitar orçamento' under the cart (docs/quotes.md): for a signed-in customer, first in
 * prominence for a company (CNPJ); never on a store's tablet (the seller quotes there in person).
 */
export function RequestQuoteButton() {
  const tablet = useTabletMarker();
  const lines = useCartLines();
  const signedIn = useIsSignedIn();
  const company = useCustomerRecord()?.pessoa === 'juridica';
  const [open, setOpen] = useState(false);
  if (tablet || !signedIn || !lines || lines.length === 0) return null;
  return (
    <>
      <Button
        variant={company ? 'filled' : 'default'}
        color={company ? 'blue.8' : undefined}
        onClick={() => setOpen(true)}
      >
        Solicitar orçamento
      </Button>
      {open && (
        <Suspense fallback={null}>
          <RequestQuoteForm lines={lines} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
