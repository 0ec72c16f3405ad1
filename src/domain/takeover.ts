// The takeover contract: how a server-rendered page's own script (src/early, inlined in index.html)
// and the app (src/app, src/main.tsx) hand the page over, and the names the server render
// (scripts/deferred-entry.ts, src/server/render) writes for them. One file both sides import, so a
// name cannot change on one side only (docs/decisions/029-early-answers-before-the-app.md). No
// imports: the early script bundles this, and must stay tiny.

/**
 * What the two share on window: whether the app has taken over, the taps kept until then, and the
 * first of those taps' figures (the field measurement sends them: src/features/field-measurement).
 */
export type TakeoverWindow = Window & {
  __appReady?: boolean;
  __pendingClicks?: HTMLElement[];
  __earlyTap?: EarlyTap;
};

/** The first tap before the app took over: when (the event's time), and ms from it to its feedback and to its answer. */
export interface EarlyTap {
  start: number;
  feedback?: number;
  answer?: number;
}

/** `<meta name="entrada">`: the app's entry script, which the early script starts. */
export const ENTRY_META = 'entrada';
/**
 * `<meta name="pilha">`: the entry's own imports (the libraries under the app), preloaded beside it
 * and evaluated before it one task each, in this order (space-separated; named from the entry's
 * folder).
 */
export const STACK_META = 'pilha';
/** `<meta name="modulos">`: the screen's modules, preloaded beside the entry (space-separated). */
export const MODULES_META = 'modulos';

/** `<html data-pronto>`: set once the app has taken the page over (the tests and the bench wait for it). */
export const READY_ATTRIBUTE = 'data-pronto';

/**
 * Marks the page's own elements (its dialog and notes): taps on them are theirs, not kept for the
 * app, and once the app is there their links go through it.
 */
export const EARLY_UI = 'data-antecipado';

/** Id of the line saying a tap made before the app took over waits for it (the app removes it). */
export const WAIT_NOTE_ID = 'toque-guardado';

/** localStorage: the adds the page answered itself, for the app to put in the cart. */
export const EARLY_ADDS_KEY = 'casaobra:adicoes-antecipadas';
/** Fired on window when the page queued an add (the app, if running, applies it). */
export const EARLY_ADD_EVENT = 'casaobra:adicao-antecipada';

/**
 * An 'Adicionar' / 'COMPRAR AGORA' button as the page's script needs it: the product, the lote
 * chosen, and, on the product page, the links of the 'Produto no carrinho' dialog (without them the
 * answer is a toast, as the home's).
 */
export interface AddButton {
  /** The product's code. */
  id: string;
  lote?: number;
  /** The dialog's links. */
  links?: { keepShopping: string; checkout: string };
}

/** A tap on an add button adds one: the product page's 'COMPRAR AGORA', and the home's counter as served. */
export const ADD_QUANTITY = 1;

/** The button's data attributes, written by the app's button (spread on it). */
export function addButtonData(button: AddButton): Record<string, string | number | undefined> {
  return {
    'data-adicionar': button.id,
    'data-lote': button.lote,
    'data-continuar': button.links?.keepShopping,
    'data-finalizar': button.links?.checkout,
  };
}

/** The button's add as the page's script reads it back (`addButtonData`); undefined for another button. */
export function readAddButton(element: HTMLElement): AddButton | undefined {
  const { adicionar, lote, continuar, finalizar } = element.dataset;
  if (!adicionar) return undefined;
  return {
    id: adicionar,
    lote: lote ? Number(lote) : undefined,
    links: continuar && finalizar ? { keepShopping: continuar, checkout: finalizar } : undefined,
  };
}
