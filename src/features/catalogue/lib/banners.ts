// The five home banners, in their set order. Each opens its page in a new tab.
export interface Banner {
  src: string;
  /** What the image says, for screen readers and when the image fails. */
  alt: string;
  href: string;
}

export const BANNER_WIDTH = 960;
export const BANNER_HEIGHT = 480;
/** Banners rotate every 5000 ms. */
export const BANNER_INTERVAL_MS = 5000;

export function homeBanners(links: {
  bathrooms: string;
  channel: string;
  tiles: string;
  kitchen: string;
  about: string;
}): Banner[] {
  return [
    {
      src: '/banners/banheiros.svg',
      alt: 'Banheiro novo: chuveiros, cubas, torneiras e louças com preço de depósito',
      href: links.bathrooms,
    },
    {
      src: '/banners/canal-whatsapp.svg',
      alt: 'Ofertas no celular: entre no nosso canal do WhatsApp',
      href: links.channel,
    },
    {
      src: '/banners/pisos.svg',
      alt: 'Porcelanatos: calcule as caixas pelo m² e compre tudo do mesmo lote',
      href: links.tiles,
    },
    {
      src: '/banners/cozinha.svg',
      alt: 'Cozinha prática: pias, cubas, torneiras e purificadores de água',
      href: links.kitchen,
    },
    {
      src: '/banners/sobre-nos.svg',
      alt: 'Sobre nós: desde 1969, cinco lojas na cidade',
      href: links.about,
    },
  ];
}
