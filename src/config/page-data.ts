/** Id of the `<script type="application/json">` that carries a server-rendered page's data. */
export const SERVER_STATE_ID = 'dados-da-pagina';

/** Id of the line saying a tap made before the app took over waits for it (the app removes it). */
export const WAIT_NOTE_ID = 'toque-guardado';
