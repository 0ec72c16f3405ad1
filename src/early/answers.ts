import { TOAST_DURATION_MS, TOAST_TITLES, type ToastLevel } from '../browser/toast-levels';
import { addedDialog } from '../domain/cart-texts';
import { EARLY_UI, WAIT_NOTE_ID } from '../domain/takeover';

// What the page shows by itself before the app has taken over: plain elements outside the app's
// root, styled by src/app/early-answers.css (in the stylesheet every page links).

function element<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const node = Object.assign(doc.createElement(tag), props);
  node.append(...children);
  return node;
}

/** A status line, in the page before its words (so they are read out): at the foot of the screen. */
function statusLine(doc: Document, id?: string, className = 'antecipado-aviso'): HTMLDivElement {
  const note = element(doc, 'div', { className });
  if (id) note.id = id;
  note.setAttribute('role', 'status');
  note.setAttribute(EARLY_UI, '');
  doc.body.appendChild(note);
  return note;
}

/** A toast, as the app's (src/browser/toast.ts): where it shows them, its level's title and colour, gone after 5 s. */
export function showNote(doc: Document, { level, message }: { level: ToastLevel; message: string }): void {
  const note = statusLine(doc, undefined, 'antecipado-aviso antecipado-toast');
  note.dataset.nivel = String(level);
  note.append(element(doc, 'strong', {}, TOAST_TITLES[level]), message);
  setTimeout(() => note.remove(), TOAST_DURATION_MS);
}

/** 'Um instante…': a tap was kept and will be answered once the app is there. */
export function showWaitNote(doc: Document): void {
  if (doc.getElementById(WAIT_NOTE_ID) || !doc.body) return;
  statusLine(doc, WAIT_NOTE_ID).textContent = 'Um instante: terminando de carregar a página…';
}

/** The product page's 'Produto no carrinho' dialog, as a native modal <dialog>. */
export function showAddedDialog(
  doc: Document,
  sentence: string,
  links: { keepShopping: string; checkout: string },
): void {
  const close = element(doc, 'button', { type: 'button', textContent: '×' });
  close.setAttribute('aria-label', 'Fechar');
  const dialog = element(
    doc,
    'dialog',
    { className: 'antecipado-dialogo' },
    element(doc, 'header', {}, element(doc, 'h2', { id: 'antecipado-titulo' }, addedDialog.title), close),
    element(doc, 'p', { id: 'antecipado-texto' }, sentence),
    element(
      doc,
      'nav',
      {},
      element(doc, 'a', { href: links.keepShopping }, addedDialog.keepShopping),
      element(doc, 'a', { href: links.checkout }, addedDialog.checkout),
    ),
  );
  dialog.setAttribute(EARLY_UI, '');
  dialog.setAttribute('aria-labelledby', 'antecipado-titulo');
  dialog.setAttribute('aria-describedby', 'antecipado-texto');
  close.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => dialog.remove());
  doc.body.appendChild(dialog);
  dialog.showModal();
}
