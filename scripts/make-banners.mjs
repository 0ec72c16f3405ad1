// Writes the home carousel banners (public/banners/*.svg). They are drawn by the project rather than
// photographs so each stays a few kilobytes, scales to any phone density and needs no licence.
// Run with `node scripts/make-banners.mjs`; the output is committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'banners');
mkdirSync(out, { recursive: true });

// 2:1, sized for a phone held upright at 2x-3x density.
const WIDTH = 960;
const HEIGHT = 480;
const FONT = 'system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif';

function banner({ from, to, kicker, title, lines, cta, art, ink = '#fff', ctaInk }) {
  const text = lines
    .map(
      (line, i) =>
        `<text x="56" y="${250 + i * 40}" font-size="30" fill="${ink}" opacity=".92">${line}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="${FONT}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>
${art}
<text x="56" y="110" font-size="28" font-weight="700" letter-spacing="3" fill="${ink}" opacity=".85">${kicker}</text>
<text x="56" y="190" font-size="58" font-weight="800" fill="${ink}">${title}</text>
${text}
<rect x="56" y="360" width="${cta.length * 17 + 64}" height="64" rx="32" fill="${ink}"/>
<text x="88" y="402" font-size="28" font-weight="700" fill="${ctaInk ?? from}">${cta}</text>
</svg>
`;
}

const banners = {
  'banheiros.svg': banner({
    from: '#0b4f6c',
    to: '#1b8aa8',
    kicker: 'BANHEIRO',
    title: 'Banheiro novo',
    lines: ['Chuveiros, cubas, torneiras', 'e louças com preço de depósito'],
    cta: 'Ver ofertas',
    art: `<g fill="none" stroke="#fff" stroke-width="10" opacity=".35" stroke-linecap="round">
<path d="M700 60v70h110"/><circle cx="810" cy="150" r="34"/>
<path d="M790 200v30M810 205v40M830 200v30M800 260v30M822 262v34"/>
<path d="M640 330h290v30a70 70 0 0 1-70 70H710a70 70 0 0 1-70-70z"/></g>`,
  }),
  'canal-whatsapp.svg': banner({
    from: '#0f6b3a',
    to: '#1f9d55',
    kicker: 'CANAL NO WHATSAPP',
    title: 'Ofertas no celular',
    lines: ['Entre no nosso canal e receba', 'as promoções antes de todo mundo'],
    cta: 'Entrar no canal',
    art: `<g opacity=".3" fill="#fff"><path d="M800 80a120 120 0 1 0 0 240 120 120 0 0 0 0-240zm0 22a98 98 0 1 1-52 181l-46 14 15-44a98 98 0 0 1 83-151z"/>
<path d="M760 150c5-10 15-10 20 0l12 25c3 6 0 12-5 16l-8 7c8 18 22 32 40 40l7-8c4-5 10-8 16-5l25 12c10 5 10 15 0 20-30 20-70 0-90-20s-40-60-17-87z"/></g>`,
  }),
  'pisos.svg': banner({
    from: '#7a3e12',
    to: '#b8652a',
    kicker: 'PISOS E REVESTIMENTOS',
    title: 'Porcelanatos',
    lines: ['Calcule as caixas pelo m²', 'e compre tudo do mesmo lote'],
    cta: 'Calcular e comprar',
    art: `<g fill="#fff" opacity=".22">${Array.from({ length: 12 }, (_, i) => {
      const x = 640 + (i % 4) * 78;
      const y = 70 + Math.floor(i / 4) * 78;
      return `<rect x="${x}" y="${y}" width="70" height="70" rx="4" opacity="${i % 2 ? 0.6 : 1}"/>`;
    }).join('')}</g>`,
  }),
  'cozinha.svg': banner({
    from: '#8f1d1d',
    to: '#c53030',
    kicker: 'COZINHA E LAVANDERIA',
    title: 'Cozinha prática',
    lines: ['Pias, cubas, torneiras', 'e purificadores de água'],
    cta: 'Ver produtos',
    art: `<g fill="none" stroke="#fff" stroke-width="10" opacity=".35" stroke-linecap="round">
<path d="M760 90v-20h60v20M790 70v120M790 190h50"/><path d="M640 260h300M670 260v40a30 30 0 0 0 30 30h180a30 30 0 0 0 30-30v-40"/></g>`,
  }),
  'sobre-nos.svg': banner({
    from: '#f2f2f2',
    to: '#d9d9d9',
    ink: '#2b2b2b',
    ctaInk: '#fff',
    kicker: 'DESDE 1969',
    title: 'Sobre nós',
    lines: ['Cinco lojas na cidade e entrega', 'em até 2 dias úteis após o pagamento'],
    cta: 'Conheça a loja',
    art: `<g fill="#b91c1c" opacity=".2"><path d="M650 220 800 100l150 120v200H650z"/><rect x="770" y="300" width="60" height="120" fill="#fff"/></g>`,
  }),
};

for (const [name, svg] of Object.entries(banners)) {
  writeFileSync(join(out, name), svg.replace(/\n/g, ''));
}
console.log(`wrote ${Object.keys(banners).length} banners to ${out}`);
