import { Container, Title, VisuallyHidden } from '@mantine/core';
import { paths } from '../../config/paths';
import { STORE_NAME, WHATSAPP_LINK } from '../../domain/store';
import { bestSellersQueryOptions, useBestSellers } from '../../features/catalogue/api/get-best-sellers';
import {
  latestProductsQueryOptions,
  useLatestProducts,
} from '../../features/catalogue/api/get-latest-products';
import { AddWithQuantity } from '../../features/catalogue/components/add-with-quantity';
import { BannerCarousel } from '../../features/catalogue/components/banner-carousel';
import { BestSellers } from '../../features/catalogue/components/best-sellers';
import { CategoryBanners, FreeShippingBanner } from '../../features/catalogue/components/home-banners';
import { ProductShelf } from '../../features/catalogue/components/product-shelf';
import { homeBanners } from '../../features/catalogue/lib/banners';
import type { RouteContext, ScreenData } from '../screen';
import type { PageMeta } from '../page-meta';

// The banners open in a new tab; the channel banner goes to the store's WhatsApp.
const banners = homeBanners({
  bathrooms: paths.category('banheiro'),
  channel: WHATSAPP_LINK,
  tiles: paths.category('pisos-e-revestimentos'),
  kitchen: paths.category('cozinha-e-lavanderia'),
  about: paths.about,
});

const withCounter = (product: Parameters<typeof AddWithQuantity>[0]['product']) => (
  <AddWithQuantity product={product} />
);

export async function load(_args: unknown, { queryClient }: RouteContext): Promise<ScreenData | null> {
  await Promise.all([
    queryClient.ensureQueryData(bestSellersQueryOptions()),
    queryClient.ensureQueryData(latestProductsQueryOptions()),
  ]);
  return null;
}

export const meta = (): PageMeta => ({
  title: `${STORE_NAME}: materiais de construção e acabamento`,
  canonical: paths.home,
});

export function Component() {
  const latest = useLatestProducts();
  const bestSellers = useBestSellers();
  // Offers: the cheapest best sellers; the weekly list: the best sellers past the grid's first page.
  const offers = bestSellers.data
    ? [...bestSellers.data].sort((a, b) => a.preco - b.preco).slice(0, 8)
    : undefined;
  const weekly = bestSellers.data?.slice(12, 24);
  return (
    <Container size="xl" py="md">
      {/* A heading, hidden the way VisuallyHidden hides (its <span> may not hold an <h1>). */}
      <Title order={1} className={VisuallyHidden.classes.root}>
        {STORE_NAME}: materiais de construção e acabamento
      </Title>
      <BannerCarousel banners={banners} />
      <BestSellers />
      <CategoryBanners />
      <ProductShelf
        id="ofertas"
        title="Ofertas fresquinhas"
        products={offers}
        loading={bestSellers.isPending}
        actionsFor={withCounter}
      />
      <ProductShelf
        id="novidades"
        title="Novidades"
        products={latest.data}
        loading={latest.isPending}
        actionsFor={withCounter}
      />
      <FreeShippingBanner />
      <ProductShelf
        id="mais-vendidos-semana"
        title="Mais vendidos da semana"
        products={weekly}
        loading={bestSellers.isPending}
        actionsFor={withCounter}
      />
    </Container>
  );
}
