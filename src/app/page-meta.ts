import { STORE_NAME } from '../domain/store';

/** What the server writes in a page's head (and the browser shows in its tab). */
export interface PageMeta {
  /** The screen's own title; the store's name is appended. */
  title: string;
  description?: string;
  /** Path of the page's canonical address (the query string a listing keeps, nothing else). */
  canonical?: string;
  /** Open Graph: a product page is `product`, with its first image and its name for it. */
  openGraph?: { type: 'website' | 'product'; image?: string; imageAlt?: string };
  /** schema.org structured data (JSON-LD), one script each (src/app/structured-data.ts). */
  structuredData?: object[];
}

/** The picture a shared page shows when it has none of its own: the store's logo. */
export const SHARE_IMAGE = {
  path: '/icons/icon-512.png',
  alt: `Logotipo da ${STORE_NAME}: uma casa branca sobre um quadrado vermelho`,
  size: 512,
};

export const DEFAULT_DESCRIPTION =
  'Materiais de construção, pisos, banheiro, cozinha e ferramentas com entrega rápida.';

export const fullTitle = (title: string) =>
  title.startsWith(STORE_NAME) ? title : `${title} | ${STORE_NAME}`;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside a <script> element: `<` escaped so no text can close the element. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The head elements of a page; `origin` makes the canonical and image addresses absolute. */
export function headHtml(meta: PageMeta, origin: string): string {
  const absolute = (path: string) => new URL(path, origin).toString();
  const title = fullTitle(meta.title);
  const description = meta.description ?? DEFAULT_DESCRIPTION;
  const lines = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
  ];
  if (meta.canonical) {
    const url = absolute(meta.canonical);
    lines.push(`<link rel="canonical" href="${escapeHtml(url)}" />`);
    lines.push(`<meta property="og:url" content="${escapeHtml(url)}" />`);
  }
  lines.push(
    `<meta property="og:site_name" content="${escapeHtml(STORE_NAME)}" />`,
    `<meta property="og:locale" content="pt_BR" />`,
    `<meta property="og:type" content="${meta.openGraph?.type ?? 'website'}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
  );
  const image = meta.openGraph?.image;
  const imageAlt = image ? (meta.openGraph?.imageAlt ?? title) : SHARE_IMAGE.alt;
  lines.push(
    `<meta property="og:image" content="${escapeHtml(absolute(image ?? SHARE_IMAGE.path))}" />`,
    `<meta property="og:image:alt" content="${escapeHtml(imageAlt)}" />`,
  );
  if (!image)
    lines.push(
      `<meta property="og:image:width" content="${SHARE_IMAGE.size}" />`,
      `<meta property="og:image:height" content="${SHARE_IMAGE.size}" />`,
    );
  for (const data of meta.structuredData ?? [])
    lines.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  return lines.join('\n    ');
}
