import { markBusy, noteEarlyTap } from '../browser/busy-button';
import { EARLY_UI, readAddButton, type TakeoverWindow } from '../domain/takeover';
import { showWaitNote } from './answers';
import { answerAdd } from './quick-add';

/**
 * Before the app has taken over a server-rendered page, a tap on a button is never lost and is
 * shown at once (the button busy). 'Adicionar' and 'COMPRAR AGORA' (`data-adicionar`) are answered
 * here, as the app would answer them; any other tap is kept, every one of them (three taps on '+'
 * are three), with a status line, and the app replays them in order. Links and the search form
 * work without any of this.
 */
export function keepTaps(w: TakeoverWindow): void {
  const doc = w.document;
  const kept: HTMLElement[] = (w.__pendingClicks = []);
  const answering = new WeakSet<HTMLElement>();
  doc.addEventListener(
    'click',
    (event) => {
      if (w.__appReady || !(event.target instanceof Element)) return;
      const button = event.target.closest<HTMLButtonElement>('button:not([type=submit])');
      if (!button || button.closest(`[${EARLY_UI}]`)) return;
      event.preventDefault();
      w.__earlyTap ??= { start: event.timeStamp };
      // A second tap while the first is being answered is not another add (the app's button is
      // disabled while it adds).
      if (answering.has(button)) return;
      // Once a tap waits for the app, the ones after it wait too: they are answered in order.
      const add = readAddButton(button);
      if (add && !kept.length) {
        answering.add(button);
        markBusy(button, true);
        noteEarlyTap(w, 'feedback');
        // Anything that fails here (no localStorage in a private window, no <dialog>) leaves the
        // tap to the app, like any other.
        void answerAdd(add, doc)
          .catch(() => false)
          .then((answered) => {
            answering.delete(button);
            markBusy(button, false);
            if (answered) return noteEarlyTap(w, 'answer');
            if (w.__appReady) button.click();
            else keep(button);
          });
        return;
      }
      keep(button);
    },
    true,
  );

  function keep(button: HTMLElement): void {
    kept.push(button);
    markBusy(button, true);
    showWaitNote(doc);
    noteEarlyTap(w, 'feedback');
  }
}
