import '@mantine/core/styles/Breadcrumbs.css';
import { useState, type ReactNode } from 'react';
import { Anchor, Badge, Breadcrumbs, Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { ProductDetailAnswer } from '../../../api/catalogue';
import type { Lote } from '../../../api/products';
import { messageOf } from '../../../api/errors';
import { FreightCalculator } from '../../../components/freight-calculator';
import { screenPart, type ScreenPart } from '../../../components/screen-part';
import { toast } from '../../../browser/toast';
import { usePageTitle } from '../../../hooks/use-page-title';
import { paths } from '../../../config/paths';
import { cardInterestPaidBy, productImageUrl } from '../../../config/env';
import { findCategory } from '../../../domain/categories';
import { formatBRL, formatDecimal, reaisToCentavos } from '../../../domain/money';
import {
  interestFreeOffer,
  pixPrice,
  PIX_DISCOUNT_LABEL,
  saleUnitInstallments,
} from '../../../domain/payment-options';
import { lineTotal } from '../../../domain/quantity';
import { titleFromSlug } from '../../../domain/texts';
import { ADD_QUANTITY, addButtonData } from '../../../domain/takeover';
import { ADD_FAILED_ON_PRODUCT_PAGE, productCardName } from '../../../domain/cart-texts';
import { useAddToCart, type AddToCartRequest } from '../api/add-to-cart';
import { PaymentTabs } from './payment-tabs';
import { ProductGallery } from './product-gallery';
import classes from './product-details.module.css';

// Parts only some products show, in a chunk of their own (product-options): most products are
// neither sold by the m² nor in lotes nor paint, mortar, grout or blocks, and their page need not load
// Mantine's number input, select and what those use.
const OPTIONS = 'src/features/catalogue/components/product-options.ts';
const tileCalculator = screenPart(OPTIONS, () =>
  import('./product-options').then((module) => module.TileCalculator),
);
const lotePicker = screenPart(OPTIONS, () => import('./product-options').then((module) => module.LotePicker));
// No page shows the cart dialog before a tap: its code (Mantine's Modal) is asked for once the app
// has taken over the page (the part's first render), never with the page's own, so the first tap
// after the takeover finds it here; a tap before the takeover is answered by the page (src/early).
const addedToCartDialog = screenPart('src/features/catalogue/components/added-to-cart-dialog.tsx', () =>
  import('./added-to-cart-dialog').then((module) => module.AddedToCartDialog),
);
const materialCalculator = screenPart(OPTIONS, () =>
  import('./product-options').then((module) => module.MaterialCalculator),
);

/** The parts this product's page shows, loaded before it renders. */
export function productParts(detail: ProductDetailAnswer): ScreenPart[] {
  return [
    ...(detail.produtos[0].multiploprdvenda ? [tileCalculator] : []),
    ...(detail.lotes.length > 0 ? [lotePicker] : []),
    ...(detail.calculadora ? [materialCalculator] : []),
  ];
}

/** The lote with the most stock: the likeliest to hold every box of one floor. */
function fullestLote(lotes: readonly Lote[]): Lote | undefined {
  return [...lotes].sort((a, b) => b.estoque - a.estoque)[0];
}

/** What 'Adicionar à lista' hands the app: the product as shown, and the lote chosen. */
export interface ListChoice {
  product: ProductDetailAnswer['produtos'][number] & { lotes: Lote[] };
  selectedLote: Lote | undefined;
}

/**
 * The product page body: breadcrumb, gallery, prices, buy, calculators and tabs.
 * `staffPanel`: what a paired store tablet shows beside the gallery (the app puts it there).
 * `outOfStockAction`: what a product out of stock offers instead of buying ('Avise-me quando chegar').
 * `onAddToList`: 'Adicionar à lista' (the app loads the lists' code when it is tapped).
 */
export function ProductDetails({
  detail,
  staffPanel,
  outOfStockAction,
  onAddToList,
}: {
  detail: ProductDetailAnswer;
  staffPanel?: ReactNode;
  outOfStockAction?: ReactNode;
  onAddToList?: (choice: ListChoice) => void;
}) {
  const product = detail.produtos[0];
  const name = productCardName(product);
  const price = reaisToCentavos(product.preco);
  const m2PerBox = product.multiploprdvenda;
  // For m² items `preco` is the price of one m² and the shopper buys boxes.
  const saleUnitPrice = m2PerBox ? lineTotal(price, 1, m2PerBox) : price;
  const images = (detail.imagens.length ? detail.imagens.map((image) => image.n) : [1]).map((n) =>
    productImageUrl(product.idprd, n),
  );
  const { lotes } = detail;
  const [loteId, setLoteId] = useState<number | null>(() => fullestLote(lotes)?.idlote ?? null);
  const selectedLote = lotes.find((lote) => lote.idlote === loteId);
  const stock = selectedLote?.estoque ?? product.estoque;
  const soldOut = stock !== undefined && stock <= 0;
  const add = useAddToCart();
  const [dialog, setDialog] = useState<{ outcome: 'added' | 'already'; quantity: number } | null>(null);
  const category = findCategory(product.nome_grupo);
  const unitWord = m2PerBox ? 'caixas' : 'unidades';
  const cardOffer = interestFreeOffer(saleUnitInstallments(price, m2PerBox, cardInterestPaidBy));
  usePageTitle(product.descricao);

  const addToCart = (quantity: number, whenInCart: AddToCartRequest['whenInCart']) =>
    add.mutate(
      { product: { ...product, lotes }, quantity, selectedLote, whenInCart },
      {
        onSuccess: ({ added }) =>
          setDialog({ outcome: added || whenInCart === 'set' ? 'added' : 'already', quantity }),
        onError: (error) => toast.warning(messageOf(error, ADD_FAILED_ON_PRODUCT_PAGE)),
      },
    );

  return (
    <>
      <Breadcrumbs component="nav" aria-label="Trilha de navegação" mb="md" separator="/" fz="sm">
        <Anchor component={Link} to={paths.home}>
          Início
        </Anchor>
        {product.nome_grupo && (
          <Anchor component={Link} to={paths.category(product.nome_grupo)}>
            {category?.label ?? titleFromSlug(product.nome_grupo)}
          </Anchor>
        )}
        <Text span fz="sm" aria-current="page" className={classes.crumbCurrent}>
          {product.descricao}
        </Text>
      </Breadcrumbs>
      <div className={classes.columns}>
        <div>
          <ProductGallery images={images} name={product.descricao} />
        </div>
        <div>
          <Stack gap="xs">
            <Title order={1} className={classes.name} size="var(--product-name-size)">
              {name}
            </Title>
            <Text fz="sm" c="dark.5">
              Referência: {product.idprd}
              {product.gtin && <> · GTIN: {product.gtin}</>}
              {product.descmarca && (
                <>
                  {' · '}Marca: <strong>{product.descmarca}</strong>
                </>
              )}
            </Text>
            <Text fz={32} fw={800} lh={1.1} data-testid="product-price">
              {formatBRL(price)}
              {m2PerBox && (
                <Text span fz="lg" fw={600}>
                  {' '}
                  /m²
                </Text>
              )}
            </Text>
            {m2PerBox && (
              <Text fz="sm" data-testid="box-note">
                Vendido em caixas de {formatDecimal(m2PerBox, 2, 2)} m²: {formatBRL(saleUnitPrice)} a caixa.
              </Text>
            )}
            <Text c="red.8" fw={700} fz="lg">
              {formatBRL(pixPrice(price))}
              {m2PerBox ? ' /m²' : ''} no Pix{' '}
              <Badge color="teal.9" variant="filled" component="span">
                {PIX_DISCOUNT_LABEL}
              </Badge>
            </Text>
            {cardOffer && (
              <Text fz="sm">
                ou {cardOffer}
                {m2PerBox ? ' (por caixa)' : ''}
              </Text>
            )}
            {staffPanel}
            {lotes.length > 0 && (
              <lotePicker.Part lotes={lotes} value={loteId} onChange={setLoteId} unit={unitWord} />
            )}
            {soldOut ? (
              <>
                <Text fw={700} c="dark.6">
                  Produto indisponível no momento.
                </Text>
                {/* A lote sold out while another has stock is no product out of stock. */}
                {(product.estoque ?? 0) <= 0 && outOfStockAction}
              </>
            ) : (
              <Button
                size="lg"
                onClick={() => addToCart(ADD_QUANTITY, 'keep')}
                loading={add.isPending}
                mt="xs"
                // Answered by the page itself if tapped before the app has taken over (src/early),
                // with the cart dialog, whose links it takes from here.
                {...addButtonData({
                  id: String(product.idprd),
                  lote: selectedLote?.idlote,
                  links: { keepShopping: paths.home, checkout: paths.cart },
                })}
              >
                COMPRAR AGORA
              </Button>
            )}
            {onAddToList && (
              <Button
                variant="outline"
                onClick={() => onAddToList({ product: { ...product, lotes }, selectedLote })}
              >
                Adicionar à lista
              </Button>
            )}
            {m2PerBox && !soldOut && (
              <tileCalculator.Part
                m2PerBox={m2PerBox}
                pricePerM2={price}
                available={stock}
                adding={add.isPending}
                onAdd={(boxes) => addToCart(boxes, 'set')}
              />
            )}
            {detail.calculadora && !soldOut && <materialCalculator.Part calculator={detail.calculadora} />}
            <FreightCalculator
              items={[{ idprd: product.idprd, quantity: 1 }]}
              totalCompra={saleUnitPrice / 100}
            />
          </Stack>
        </div>
      </div>
      <PaymentTabs
        description={product.info_grupo}
        price={saleUnitPrice}
        unitLabel={m2PerBox ? 'a caixa' : 'a unidade'}
      />
      <addedToCartDialog.Part
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        productName={name}
        outcome={dialog?.outcome ?? 'added'}
        quantity={dialog?.quantity ?? 1}
      />
    </>
  );
}
