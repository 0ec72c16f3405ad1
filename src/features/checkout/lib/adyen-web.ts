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

/** What Adyen Web 6 puts on window (its UMD build): the parts the checkout uses. */
export interface AdyenWebGlobal {
  AdyenCheckout(configuration: Record<string, unknown>): Promise<AdyenCore>;
  Card: new (checkout: AdyenCore, configuration: Record<string, unknown>) => AdyenCardElement;
}

export interface AdyenCore {
  createFromAction(
    action: Record<string, unknown>,
    options?: Record<string, unknown>,
  ): { mount(target: HTMLElement): unknown };
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
