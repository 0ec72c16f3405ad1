import { lazy, Suspense, useState } from 'react';
import { Button, Container, Grid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { productImageUrl } from '../../config/env';
import { paths } from '../../config/paths';
import {
  loadedProduct,
  productCode,
  productQueryOptions,
  useProduct,
} from '../../features/catalogue/api/get-product';
import {
  ProductDetails,
  productParts,
  type ListChoice,
} from '../../features/catalogue/components/product-details';
import { ProductNotFound } from '../../features/catalogue/components/product-not-found';
import { StoreStockPanel } from '../../features/store-mode/components/store-stock-panel';
import { StockAlertButton } from '../../features/stock-alerts/components/stock-alert-button';
import { loadParts, type ScreenPart } from '../../components/screen-part';
import { OfflineUnavailable } from '../../components/offline-unavailable';
import { isOnline } from '../../hooks/online-status';
import type { PageMeta } from '../page-meta';
import type { RouteContext, ScreenData } from '../screen';

// 'Adicionar à lista' (issue 41): the lists' code loads when the button is tapped, never with the
// page (its first screen is measured: issue 40, decisions 025 and 031).
const AddToListDialog = lazy(() =>
  import('../../features/work-lists/components/add-to-list-dialog').then((module) => ({
    default: module.AddToListDialog,
  })),
);

export async function load(
  { params }: LoaderFunctionArgs,
  { queryClient }: RouteContext,
): Promise<ScreenData> {
  const code = productCode(params.id);
  const product = code ? await queryClient.ensureQueryData(productQueryOptions(code)) : null;
  if (!product) return { status: 404 };
  await loadParts(productParts(product));
  return {};
}

export function parts(
  { id }: Record<string, string | undefined>,
  { queryClient }: RouteContext,
): ScreenPart[] {
  const detail = loadedProduct(queryClient, id);
  return detail ? productParts(detail) : [];
}

export function meta(
  { params }: { params: Record<string, string | undefined> },
  { queryClient }: RouteContext,
): PageMeta {
  const product = loadedProduct(queryClient, params.id)?.produtos[0];
  if (!product) return { title: 'Produto não encontrado' };
  const description = (product.info_grupo || product.descricao).slice(0, 300);
  return {
    title: product.descricao,
    description,
    canonical: paths.product(product.idprd),
    // Its JSON-LD is written by the server only (src/app/structured-data.ts).
    openGraph: { type: 'product', image: productImageUrl(product.idprd, 1), imageAlt: product.descricao },
  };
}

export function Component() {
  const { id } = useParams();
  const code = productCode(id);
  const product = useProduct(code);
  const [listChoice, setListChoice] = useState<ListChoice | null>(null);
  return (
    <Container size="xl" py="md">
      {code === 0 || product.data === null ? (
        <ProductNotFound />
      ) : product.data ? (
        // A new product starts with its own gallery position, lote and calculator.
        <ProductDetails
          key={code}
          detail={product.data}
          staffPanel={
            <StoreStockPanel
              idprd={product.data.produtos[0].idprd}
              multiploprdvenda={product.data.produtos[0].multiploprdvenda}
              product={product.data.produtos[0]}
            />
          }
          outOfStockAction={<StockAlertButton idprd={product.data.produtos[0].idprd} />}
          onAddToList={setListChoice}
        />
      ) : product.isError && !isOnline() ? (
        <OfflineUnavailable />
      ) : product.isError ? (
        <Stack align="center" py="xl">
          <Title order={1}>Não foi possível carregar o produto</Title>
          <Text c="dark.5">Verifique sua conexão e tente novamente.</Text>
          <Button onClick={() => product.refetch()}>Tentar novamente</Button>
        </Stack>
      ) : (
        <Grid gap="xl" aria-busy="true">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Skeleton style={{ aspectRatio: '1 / 1' }} h="auto" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Skeleton h={32} />
            <Skeleton h={16} mt="md" w="40%" />
            <Skeleton h={40} mt="lg" w="60%" />
            <Skeleton h={48} mt="lg" />
          </Grid.Col>
        </Grid>
      )}
      {listChoice ? (
        <Suspense fallback={null}>
          <AddToListDialog
            product={listChoice.product}
            selectedLote={listChoice.selectedLote ?? null}
            onClose={() => setListChoice(null)}
          />
        </Suspense>
      ) : null}
    </Container>
  );
}
