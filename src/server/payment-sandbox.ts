import type { Config } from './config';

// The card emulator (the card sandbox) approves its test cards and charges nothing. Beside a real payment setup
// (a real Pix provider, or a store behind HTTPS for real shoppers) an order paid "by card" would be
// shipped unpaid, so such a server refuses to start unless the sandbox is said out loud.

/** The variable that makes this store look real, or null when the card sandbox may run. */
function realStoreSign(config: Pick<Config, 'PIX_API_URL' | 'COOKIE_SECURE'>): string | null {
  if (config.PIX_API_URL) return 'PIX_API_URL';
  if (config.COOKIE_SECURE) return 'COOKIE_SECURE=true';
  return null;
}

/**
 * The pt-BR reason the card sandbox cannot run with this configuration, or null when it can (or
 * when CARD_PROVIDER names a real provider, so the sandbox does not run at all).
 */
export function cardSandboxRefusal(
  config: Pick<Config, 'PIX_API_URL' | 'COOKIE_SECURE' | 'PAYMENT_SANDBOX' | 'CARD_PROVIDER'>,
): string | null {
  if (config.PAYMENT_SANDBOX || config.CARD_PROVIDER !== 'emulator') return null;
  const sign = realStoreSign(config);
  if (!sign) return null;
  return (
    `O cartão de teste (sandbox: o emulador de cartão) não roda com ${sign}: pedidos reais seriam aprovados sem cobrança. ` +
    'Configure um provedor de cartão real (CARD_PROVIDER) ou, numa loja de testes, defina PAYMENT_SANDBOX=true.'
  );
}
