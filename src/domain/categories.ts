// The six categories and their subcategory segments, spelled exactly as the routes and the
// retailer's server spell them. The header menus, the listing titles and the seed catalogue all read
// this one list.

export interface Subcategory {
  /** Route segment and the server's `subgrupo` value, spelled exactly as the routes spell it. */
  segment: string;
  /** Desktop menu label. */
  label: string;
  /** Mobile menu segment when it differs (the mobile 'Kit' link uses 'kiy'). */
  mobileSegment?: string;
}

export interface Category {
  /** Route segment and the server's `grupo` value ('Acessorios para Pintura' keeps its spaces). */
  slug: string;
  label: string;
  subcategories: readonly Subcategory[];
}

export const CATEGORIES: readonly Category[] = [
  {
    slug: 'Acessorios para Pintura',
    label: 'Acessórios para Pintura',
    subcategories: [
      { segment: 'Broxa, Trincha e Rolo', label: 'Broxa, Trincha e Rolo' },
      { segment: 'lixa', label: 'Lixa' },
      { segment: 'tinta', label: 'Tinta' },
      { segment: 'bandeja', label: 'Bandeja' },
      { segment: 'kit', label: 'Kit', mobileSegment: 'kiy' },
    ],
  },
  {
    slug: 'banheiro',
    label: 'Banheiro',
    subcategories: [
      { segment: 'acessorios-para-banheiro', label: 'Acessórios para Banheiro' },
      { segment: 'acessorios-para-chuveiro', label: 'Acessórios para Chuveiro' },
      { segment: 'assentos-sanitarios', label: 'Assentos Sanitários' },
      { segment: 'chuveiros', label: 'Chuveiros' },
      { segment: 'cubas', label: 'Cubas' },
      { segment: 'duchas-higienicas', label: 'Duchas Higiênicas' },
      { segment: 'moveis-para-banheiro', label: 'Móveis para Banheiro' },
      // A mobile label of 'Torneiras para Banheiro' here too would send two links of one name to two
      // places: both menus say 'Louças Sanitárias' (docs/decisions/023-menu-labels-not-slugs.md).
      { segment: 'loucas-sanitarias', label: 'Louças Sanitárias' },
      { segment: 'torneiras-para-banheiro', label: 'Torneiras para Banheiro' },
    ],
  },
  {
    slug: 'cozinha-e-lavanderia',
    label: 'Cozinha e Lavanderia',
    subcategories: [
      { segment: 'pias-e-cubas-para-cozinha', label: 'Pias e Cubas para Cozinha' },
      { segment: 'produtos-para-lavanderia', label: 'Produtos para Lavanderia' },
      { segment: 'purificadores', label: 'Purificadores' },
      { segment: 'torneiras-para-cozinha', label: 'Torneiras para Cozinha' },
    ],
  },
  {
    slug: 'ferramentas',
    label: 'Ferramentas',
    subcategories: [
      { segment: 'disco', label: 'Disco' },
      { segment: 'ferramentas-manuais', label: 'Ferramentas Manuais' },
      { segment: 'aplicacao-e-acabamento', label: 'Aplicação e Acabamento' },
    ],
  },
  {
    slug: 'pisos-e-revestimentos',
    label: 'Pisos e Revestimentos',
    subcategories: [
      { segment: 'pisosporcelanatos', label: 'Porcelanatos' },
      { segment: 'revestimentos', label: 'Revestimentos' },
      { segment: 'piso-popular', label: 'Pisos' },
    ],
  },
  {
    slug: 'mat-hidraulico',
    label: 'Materiais Hidráulicos',
    subcategories: [
      { segment: 'acessorios', label: 'Acessórios' },
      { segment: 'registro-base-e-valvula', label: 'Registro Base e Válvula' },
      { segment: 'caixa-sifonada-inspecao-e-gordura', label: 'Caixa Sifonada, Inspeção e Gordura' },
      { segment: 'caixa-dagua', label: "Caixa d'Água" },
      { segment: 'ralo-e-grelha', label: 'Ralo e Grelha' },
      { segment: 'sifao', label: 'Sifão' },
    ],
  },
];

/** Segments that only exist as aliases of a real one (the mobile menu's 'kiy' means 'kit'). */
export const SUBCATEGORY_ALIASES: ReadonlyMap<string, string> = new Map([['kiy', 'kit']]);

function sameText(a: string, b: string): boolean {
  return a.localeCompare(b, 'pt-BR', { sensitivity: 'base' }) === 0;
}

/** The category of a route segment; exact spelling first, then ignoring case and accents. */
export function findCategory(slug: string | undefined): Category | undefined {
  if (!slug) return undefined;
  return CATEGORIES.find((c) => c.slug === slug) ?? CATEGORIES.find((c) => sameText(c.slug, slug));
}

/** The canonical segment for a subcategory route segment ('kiy' -> 'kit'), or the segment unchanged. */
export function canonicalSubcategory(segment: string): string {
  // A Map: a segment such as '__proto__' or 'constructor' is just a name that matches nothing.
  return SUBCATEGORY_ALIASES.get(segment.toLowerCase()) ?? segment;
}

/** The subcategory of a route segment, within one category when given; aliases resolved. */
export function findSubcategory(
  segment: string | undefined,
  categorySlug?: string,
): { category: Category; subcategory: Subcategory } | undefined {
  if (!segment) return undefined;
  const wanted = canonicalSubcategory(segment);
  const scope = categorySlug ? [findCategory(categorySlug)].filter((c) => c !== undefined) : CATEGORIES;
  for (const exact of [true, false]) {
    for (const category of scope) {
      const subcategory = category.subcategories.find((s) =>
        exact ? s.segment === wanted : sameText(s.segment, wanted),
      );
      if (subcategory) return { category, subcategory };
    }
  }
  return undefined;
}

export interface MenuLink {
  label: string;
  categoria: string;
  subcategoria?: string;
}

export interface MenuGroup {
  label: string;
  categoria: string;
  links: MenuLink[];
}

/** The six menu groups; the mobile variant keeps the mobile-only segment ('kiy'). */
export function categoryMenu(variant: 'desktop' | 'mobile'): MenuGroup[] {
  return CATEGORIES.map((category) => ({
    label: category.label,
    categoria: category.slug,
    links: category.subcategories.map((subcategory) => ({
      label: subcategory.label,
      categoria: category.slug,
      subcategoria:
        variant === 'mobile' ? (subcategory.mobileSegment ?? subcategory.segment) : subcategory.segment,
    })),
  }));
}

export const ALL_PRODUCTS_TITLE = 'Todos os produtos';

/** A route segment as the listing title shows it: hyphens become spaces. */
export function segmentTitle(segment: string): string {
  return segment.replace(/-/g, ' ');
}

/**
 * The listing title: the menu's labels of the category and subcategory ('Pisos e Revestimentos /
 * Porcelanatos' for pisos-e-revestimentos/pisosporcelanatos), or 'Todos os produtos'. A segment
 * the menu does not know shows with hyphens as spaces. A slash reads like the breadcrumb.
 */
export function listingTitle(categoria?: string, subcategoria?: string): string {
  const trail = listingTrail(categoria, subcategoria);
  return trail.length ? trail.join(' / ') : ALL_PRODUCTS_TITLE;
}

/** The names of a listing's place in the catalogue, widest first: its category, then its subcategory. */
export function listingTrail(categoria?: string, subcategoria?: string): string[] {
  if (!categoria) return [];
  const category = findCategory(categoria);
  const parts = [category?.label ?? segmentTitle(categoria)];
  if (subcategoria) {
    const found = findSubcategory(subcategoria, category?.slug);
    parts.push(found?.subcategory.label ?? segmentTitle(canonicalSubcategory(subcategoria)));
  }
  return parts;
}
