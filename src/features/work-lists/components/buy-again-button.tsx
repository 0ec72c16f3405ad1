import { useState } from 'react';
import { messageOf } from '../../../api/errors';
import { toast } from '../../../browser/toast';
import { OnlineOnlyButton } from '../../../components/online-only-button';
import type { CartLine } from '../../../storage/db';
import type { BuyAgainOutcome } from '../lib/buy-again';

type Shown = { outcome: BuyAgainOutcome; Result: typeof import('./buy-again-result').BuyAgainResult };

/** Loaded with the first tap: the re-check, the cart's many-lines write and the result dialog. */
async function loadBuyAgain() {
  const [{ buyOrderAgain, addListToCart }, { BuyAgainResult }] = await Promise.all([
    import('../lib/buy-again'),
    import('./buy-again-result'),
  ]);
  return { buyOrderAgain, addListToCart, Result: BuyAgainResult };
}

/**
 * 'Comprar novamente' on a past order, or 'Adicionar lista ao carrinho' on a list: one tap, the
 * lines checked on the server and every available one put in the cart in one write; the dialog
 * says what differs. Its code loads with the tap. Needs the network (the prices are the server's).
 */
export function BuyAgainButton(
  props: ({ orderId: number } | { lines: readonly CartLine[] }) & {
    label: string;
    ariaLabel?: string;
    variant?: 'filled' | 'outline';
  },
) {
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const { buyOrderAgain, addListToCart, Result } = await loadBuyAgain();
      const outcome =
        'orderId' in props ? await buyOrderAgain(props.orderId) : await addListToCart(props.lines);
      setShown({ outcome, Result });
    } catch (error) {
      toast.warning(messageOf(error, 'Não foi possível conferir os itens. Tente novamente.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <OnlineOnlyButton
        size="sm"
        variant={props.variant ?? 'outline'}
        loading={busy}
        onClick={() => void run()}
        aria-label={props.ariaLabel}
      >
        {props.label}
      </OnlineOnlyButton>
      {shown ? <shown.Result outcome={shown.outcome} onClose={() => setShown(null)} /> : null}
    </>
  );
}
