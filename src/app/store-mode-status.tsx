import { useSignOut } from '../features/account/api/sign-out';
import { IdleSignOut } from '../features/store-mode/components/idle-sign-out';
import { toast } from '../browser/toast';
import { paths } from '../config/paths';
import { clearCart } from '../storage/cart';
import { isSignedIn } from '../storage/customer-session';

/**
 * A paired tablet's idle sign-out, put together here because it joins two features: the account's
 * 'Sair da Conta' (server session and every personal trace) and store mode's idle watch. The cart
 * of the abandoned visit goes too; the downloaded catalogue and the pairing stay.
 */
export function StoreModeStatus({ router }: { router: { navigate: (to: string) => unknown } }) {
  const signOut = useSignOut();
  const expire = async () => {
    if (isSignedIn()) await signOut.mutateAsync();
    await clearCart();
    toast.info('Sessão encerrada por inatividade. O próximo cliente começa do zero.');
    void router.navigate(paths.home);
  };
  return <IdleSignOut onExpire={expire} />;
}
