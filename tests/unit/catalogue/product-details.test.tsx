import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '../test-utils/render';
import { ProductDetails, productParts } from '../../../src/features/catalogue/components/product-details';
import { loadParts } from '../../../src/components/screen-part';
import type { ProductDetailAnswer } from '../../../src/api/catalogue';

const text = (element: HTMLElement) => (element.textContent ?? '').replace(/\s/g, ' ');

function detail(
  overrides: Partial<ProductDetailAnswer['produtos'][0]>,
  lotes: ProductDetailAnswer['lotes'] = [],
) {
  return {
    produtos: [
      {
        idprd: 1230,
        descricao: 'Revestimento Branco 33 x 60',
        descmarca: 'Cerâmica Serra Azul',
        preco: 29.9,
        info_grupo: 'Revestimento de parede.',
        nome_grupo: 'pisos-e-revestimentos',
        nome_sub_grupo: 'revestimentos',
        multiploprdvenda: 2.5,
        codundvenda: 'M2',
        estoque: 94,
        ...overrides,
      },
    ],
    lotes,
    imagens: [
      { idprd: 1230, n: 1 },
      { idprd: 1230, n: 2 },
    ],
    precos: [],
    agrupamento: [],
  } as ProductDetailAnswer;
}

describe('ProductDetails', () => {
  const LOTES = [
    { idlote: 28, idprd: 1230, lote: 'Lote B83 - Tonalidade 1', estoque: 31 },
    { idlote: 30, idprd: 1230, lote: 'Lote D19 - Tonalidade 3', estoque: 32 },
  ];

  it('needs the code of the calculator and the lote picker only for a tile in lotes', () => {
    const plain = detail({ multiploprdvenda: null });
    expect(productParts(plain)).toEqual([]);
    expect(productParts(detail({}))).toHaveLength(1);
    expect(productParts(detail({ multiploprdvenda: null }, LOTES))).toHaveLength(1);
    expect(productParts(detail({}, LOTES))).toHaveLength(2);
  });

  it('shows the calculator and the lote picker in its first render once their code is loaded', async () => {
    const tile = detail({}, LOTES);
    await loadParts(productParts(tile));
    render(<ProductDetails detail={tile} />);
    expect(screen.getByRole('heading', { name: 'Calculadora de pisos e revestimentos' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Lote' })).toBeTruthy();
  });

  it('shows the m² price, the box note, the Pix price and the per-box instalments of a tile', async () => {
    render(<ProductDetails detail={detail({}, LOTES)} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Revestimento Branco 33 x 60 (M2)');
    expect(screen.getByText(/Referência: 1230/).textContent).toContain('Cerâmica Serra Azul');
    expect(text(screen.getByTestId('product-price'))).toBe('R$ 29,90 /m²');
    // 29,90 x 2,5 = 74,75 a box; 6x 12,46 (rounded) sem juros.
    expect(text(screen.getByTestId('box-note'))).toBe('Vendido em caixas de 2,50 m²: R$ 74,75 a caixa.');
    expect(screen.getByText(/R\$\s28,41 \/m² no Pix/)).toBeTruthy();
    expect(text(screen.getByText(/em até 6x/))).toBe(
      'ou em até 6x de R$ 12,46 sem juros no cartão (por caixa)',
    );
    expect(await screen.findByRole('heading', { name: 'Calculadora de pisos e revestimentos' })).toBeTruthy();
    // The fullest lote is chosen first.
    expect(((await screen.findByRole('combobox', { name: 'Lote' })) as HTMLInputElement).value).toBe(
      'Lote D19 - Tonalidade 3 · 32 caixas',
    );
    expect(screen.getByRole('button', { name: 'COMPRAR AGORA' })).toBeTruthy();
  });

  it('shows a unit product without the calculator, with the breadcrumb and both tabs', async () => {
    render(
      <ProductDetails
        detail={detail({
          descricao: 'Torneira Bica Baixa',
          nome_grupo: 'banheiro',
          multiploprdvenda: null,
          codundvenda: 'UN',
          preco: 100,
        })}
      />,
    );
    expect(screen.queryByTestId('box-note')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Calculadora de pisos e revestimentos' })).toBeNull();
    const breadcrumb = screen.getByRole('navigation', { name: 'Trilha de navegação' });
    expect(text(breadcrumb)).toBe('Início/Banheiro/Torneira Bica Baixa');
    expect(screen.getByText('Revestimento de parede.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Formas de pagamento' }));
    expect(screen.getByText(/R\$\s95,00 a unidade à vista no Pix/)).toBeTruthy();
    expect(
      screen.getByRole('table', { name: 'Parcelas no cartão de crédito' }).querySelectorAll('tr').length,
    ).toBe(10);
  });

  it('says when the product is sold out instead of offering to buy it', () => {
    render(<ProductDetails detail={detail({ estoque: 0, multiploprdvenda: null, codundvenda: 'UN' })} />);
    expect(screen.getByText('Produto indisponível no momento.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'COMPRAR AGORA' })).toBeNull();
  });
});
