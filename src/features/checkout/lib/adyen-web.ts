import { ADYEN_WEB_ORIGINS, type AdyenEnvironment } from '../../../api/cards';

// Adyen Web (the Card Component, its 3-D Secure 2 included) as the checkout loads it: from Adyen's
// own origin for the environment the server runs (CARTAO_CONFIG), never from our bundle, so one
// build serves a store on the emulator and a store on Adyen, and the card fields stay Adyen's
// iframes. Only the two origins Adyen serves it from are ever loaded, whatever the answer says.

export interface AdyenCardSetup {
  provedor: string;
  origem: string;
  campos: string;
  chave: string;
}

export interface AdyenWebAssets {
  environment: AdyenEnvironment;
  clientKey: string;
  script: string;
  stylesheet: string;
}

const SDK_SCRIPT = /^\/checkoutshopper\/sdk\/\d+\.\d+\.\d+\/adyen\.js$/;

/** Adyen Web's script, stylesheet and environment for this setup; throws for anything else. */
export function adyenWebAssets(setup: AdyenCardSetup): AdyenWebAssets {
  const environment = (Object.keys(ADYEN_WEB_ORIGINS) as AdyenEnvironment[]).find(
    (name) => ADYEN_WEB_ORIGINS[name] === setup.origem,
  );
  const script = new URL(setup.campos);
  if (
    setup.provedor !== 'adyen' ||
    !environment ||
    script.origin !== setup.origem ||
    !SDK_SCRIPT.test(script.pathname)
  )
    throw new Error('Os campos do cartão não são os da Adyen.');
  // Adyen's client keys name their environment; the other one's key is refused by Adyen Web.
  if (!setup.chave.startsWith(`${environment}_`)) throw new Error('A chave da Adyen não é deste ambiente.');
  return {
    environment,
    clientKey: setup.chave,
    script: script.href,
    stylesheet: script.href.replace(/adyen\.js$/, 'adyen.css'),
  };
}

/** Adyen Web's core for this store: the environment and client key, in Portuguese, for Brazil. */
export function adyenCoreOptions({ environment, clientKey }: AdyenWebAssets) {
  return { environment, clientKey, locale: 'pt-BR', countryCode: 'BR' };
}

/** What Adyen Web 6 puts on window (its UMD build): the parts the checkout uses. */
export interface AdyenWebGlobal {
  AdyenCheckout(configuration: Record<string, unknown>): Promise<AdyenCore>;
  Card: new (checkout: AdyenCore, configuration: Record<string, unknown>) => AdyenCardElement;
}

export interface AdyenCore {
  createFromAction(
    action: Record<string, unknown>,
    options?: Record<string, unknown>,
  ): { mount(target: HTMLElement): unknown; unmount?(): void };
}

/** onAdditionalDetails' state.data: what the server sends on to Adyen's POST /payments/details. */
export interface AdyenDetailsData {
  details?: Record<string, unknown>;
  paymentData?: unknown;
}

/**
 * Adyen's 3-D Secure 2 action (a device fingerprint or the issuer's challenge) run by Adyen Web
 * inside `target`, an element of the checkout: never a pop-up or a page left, so it works in the
 * installed app too. The challenge window is Adyen's smallest ('01', 250 × 400), which fits a
 * 320 px phone. `onDetails` gets onAdditionalDetails' state.data when the step ends.
 */
export async function mountAdyenAction(
  assets: AdyenWebAssets,
  action: Record<string, unknown>,
  target: HTMLElement,
  onDetails: (data: AdyenDetailsData) => void,
): Promise<{ unmount?(): void }> {
  const { AdyenCheckout } = await loadAdyenWeb(assets);
  const checkout = await AdyenCheckout({
    ...adyenCoreOptions(assets),
    onAdditionalDetails: (state: { data?: AdyenDetailsData }) => onDetails(state.data ?? {}),
  });
  const element = checkout.createFromAction(action, { challengeWindowSize: '01' });
  element.mount(target);
  return element;
}

export interface AdyenCardElement {
  mount(target: HTMLElement): AdyenCardElement;
  unmount(): void;
  readonly isValid: boolean;
  readonly data: { paymentMethod?: Record<string, unknown>; browserInfo?: Record<string, unknown> };
  showValidation(): void;
}

declare global {
  interface Window {
    AdyenWeb?: AdyenWebGlobal;
  }
}

let loading: Promise<AdyenWebGlobal> | null = null;

/** Adds Adyen Web's script and stylesheet to the page once; resolves when its global is there. */
export function loadAdyenWeb(assets: AdyenWebAssets): Promise<AdyenWebGlobal> {
  if (window.AdyenWeb) return Promise.resolve(window.AdyenWeb);
  loading ??= new Promise<AdyenWebGlobal>((resolve, reject) => {
    const stylesheet = document.createElement('link');
    stylesheet.rel = 'stylesheet';
    stylesheet.href = assets.stylesheet;
    document.head.append(stylesheet);
    const script = document.createElement('script');
    script.src = assets.script;
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.addEventListener('load', () =>
      window.AdyenWeb ? resolve(window.AdyenWeb) : reject(new Error('Adyen Web não carregou.')),
    );
    script.addEventListener('error', () => {
      loading = null;
      script.remove();
      reject(new Error('Adyen Web não carregou.'));
    });
    document.head.append(script);
  });
  return loading;
}
