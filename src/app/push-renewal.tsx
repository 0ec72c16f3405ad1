import { useEffect } from 'react';
import { isSignedIn } from '../storage/customer-session';
import { pushSupport, registerThisDevice } from '../storage/push-subscription';

/**
 * At every start, a signed-in shopper who allowed notifications has this device's subscription
 * registered again (the browser may have renewed it, the server's key may have changed). Never
 * asks for permission; never on a paired tablet.
 */
export function PushRenewal() {
  useEffect(() => {
    if (!isSignedIn() || pushSupport() !== 'supported' || Notification.permission !== 'granted') return;
    registerThisDevice().catch((error: unknown) =>
      console.warn('Avisos deste aparelho não renovados', error),
    );
  }, []);
  return null;
}
