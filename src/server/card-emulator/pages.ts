import { CHALLENGE_CODE } from './test-cards';

// The two pages the emulator shows inside the store's checkout, as a provider's hosted fields and an
// issuer's 3-D Secure page are shown: each in an iframe on the provider's origin, talking to the
// store's page only by postMessage to the one origin it was opened for.

const STYLE = `
  body { font: 16px/1.4 system-ui, sans-serif; margin: 0; padding: 4px; color: #212529; background: #fff; }
  label { display: block; font-size: 14px; font-weight: 500; margin: 8px 0 4px; }
  input { box-sizing: border-box; width: 100%; font-size: 16px; min-height: 44px; padding: 0 12px;
          border: 1px solid #ced4da; border-radius: 4px; }
  input:focus { outline: 2px solid #1c7ed6; outline-offset: 1px; }
  input[aria-invalid=true] { border-color: #c92a2a; }
  .row { display: flex; gap: 12px; } .row > div { flex: 1; }
  .error { color: #c92a2a; font-size: 14px; min-height: 0; margin: 4px 0 0; }
  button { min-height: 44px; font-size: 16px; padding: 0 16px; border-radius: 4px; border: 0; cursor: pointer; }
  .primary { background: #c92a2a; color: #fff; } .secondary { background: #e9ecef; color: #212529; }
`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(title: string, nonce: string, body: string, script: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style nonce="${nonce}">${STYLE}</style></head><body>${body}
<script nonce="${nonce}">${script}</script></body></html>`;
}

/** The card number, expiry and CVV: typed here, sent to the provider, answered as a token. */
export function fieldsPage(nonce: string, parentOrigin: string, publicKey: string): string {
  const body = `<form id="f" novalidate>
<label for="n">Número do cartão</label>
<input id="n" inputmode="numeric" autocomplete="cc-number" placeholder="0000 0000 0000 0000" maxlength="23" aria-describedby="ne">
<p class="error" id="ne" role="alert"></p>
<div class="row"><div><label for="e">Validade</label>
<input id="e" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/AA" maxlength="7" aria-describedby="ee">
<p class="error" id="ee" role="alert"></p></div>
<div><label for="c">CVV</label>
<input id="c" inputmode="numeric" autocomplete="cc-csc" maxlength="4" aria-describedby="ce">
<p class="error" id="ce" role="alert"></p></div></div></form>`;
  const script = `
const parent = ${JSON.stringify(parentOrigin)}, key = ${JSON.stringify(publicKey)};
const $ = (id) => document.getElementById(id);
const digits = (t) => t.replace(/\\D/g, '');
const post = (message) => window.parent.postMessage({ source: 'card-fields', ...message }, parent);
const size = () => post({ type: 'size', height: document.documentElement.scrollHeight });
function luhn(d) { let s = 0; for (let i = 0; i < d.length; i++) { let x = +d[d.length - 1 - i];
  if (i % 2) { x *= 2; if (x > 9) x -= 9; } s += x; } return d.length >= 12 && s % 10 === 0; }
function show(id, message) { $(id + 'e').textContent = message; $(id).setAttribute('aria-invalid', message ? 'true' : 'false'); size(); }
let lastBin = '';
$('n').addEventListener('input', (event) => {
  const d = digits(event.target.value).slice(0, 19);
  event.target.value = d.replace(/(\\d{4})(?=\\d)/g, '$1 ');
  const bin = d.length >= 6 ? d.slice(0, 6) : '';
  if (bin !== lastBin) { lastBin = bin; post({ type: 'bin', bin }); }
  show('n', '');
});
$('e').addEventListener('input', (event) => {
  const d = digits(event.target.value).slice(0, 4);
  event.target.value = d.length > 2 ? d.slice(0, 2) + '/' + d.slice(2) : d; show('e', '');
});
$('c').addEventListener('input', (event) => { event.target.value = digits(event.target.value).slice(0, 4); show('c', ''); });
function check() {
  const n = digits($('n').value), e = $('e').value, c = $('c').value;
  let ok = true;
  if (!n) { show('n', 'Informe o número do cartão.'); ok = false; }
  else if (!luhn(n)) { show('n', 'Número do cartão inválido: confira os dígitos.'); ok = false; }
  if (!/^(0[1-9]|1[0-2])\\/\\d{2}$/.test(e)) { show('e', 'Validade inválida: use MM/AA.'); ok = false; }
  if (!/^\\d{3,4}$/.test(c)) { show('c', 'Informe o CVV.'); ok = false; }
  return ok;
}
window.addEventListener('message', async (event) => {
  if (event.origin !== parent || !event.data || event.data.type !== 'tokenize') return;
  if (!check()) { post({ type: 'invalid' }); return; }
  try {
    const response = await fetch('/v1/tokens', { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ publicKey: key, number: digits($('n').value), expiry: $('e').value, cvv: $('c').value }) });
    const answer = await response.json();
    if (!response.ok) { show('n', answer.message || 'Cartão inválido.'); post({ type: 'invalid' }); return; }
    post({ type: 'token', token: answer.token, brand: answer.brand, last4: answer.last4, bin: answer.bin });
  } catch { post({ type: 'failed' }); }
});
new ResizeObserver(size).observe(document.body);
post({ type: 'ready' });`;
  return page('Dados do cartão', nonce, body, script);
}

/** The issuer's 3-D Secure page: a code sent "by SMS" (the emulator shows it), or give up. */
export function challengePage(nonce: string, parentOrigin: string, paymentId: string): string {
  const body = `<h1 style="font-size:18px;margin:0 0 8px">Autenticação do banco emissor</h1>
<p>Para confirmar a compra, digite o código que o seu banco enviou por SMS.</p>
<p><small>Emulador: o código de teste é <strong>${CHALLENGE_CODE}</strong>.</small></p>
<form id="f"><label for="code">Código de verificação</label>
<input id="code" inputmode="numeric" autocomplete="one-time-code" maxlength="8">
<div class="row" style="margin-top:12px"><div><button class="primary" type="submit" disabled>Confirmar</button></div>
<div><button class="secondary" type="button" id="giveup" disabled>Cancelar</button></div></div></form>`;
  const script = `
const parent = ${JSON.stringify(parentOrigin)}, id = ${JSON.stringify(paymentId)};
async function finish(code) {
  await fetch('/3ds/' + encodeURIComponent(id), { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }) });
  window.parent.postMessage({ source: 'card-challenge', type: 'done', paymentId: id }, parent);
}
document.getElementById('f').addEventListener('submit', (event) => { event.preventDefault(); finish(document.getElementById('code').value); });
document.getElementById('giveup').addEventListener('click', () => finish(null));
document.getElementById('code').focus();
// Until now a tap on Confirmar would submit the form natively and reload this page.
for (const button of document.querySelectorAll('button')) button.disabled = false;`;
  return page('Autenticação 3-D Secure', nonce, body, script);
}
