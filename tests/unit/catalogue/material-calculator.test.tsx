import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '../test-utils/render';
import { MaterialCalculator } from '../../../src/features/catalogue/components/material-calculator';

const normalize = (text: string | null) => (text ?? '').replace(/\s/g, ' ');
const pack = (idprd: number, descricao: string, preco: number, conteudo: number, estoque = 50) => ({
  idprd,
  descricao,
  preco,
  conteudo,
  codundvenda: 'UN',
  estoque,
});
const paint = {
  material: 'tinta-acrilica-premium-fosca',
  embalagens: [pack(1311, 'Tinta Gelo 3,6 L', 119.9, 3.6), pack(1032, 'Tinta Gelo 18 L', 389.9, 18)],
};

describe('the paint calculator', () => {
  it('states the yield and the waste margin, and takes doors off the wall', async () => {
    render(<MaterialCalculator calculator={paint} />);
    const calculator = screen.getByRole('region', { name: 'Calculadora de tinta' });
    expect(normalize(calculator.textContent)).toContain('13,3 m² por litro por demão');
    expect(normalize(calculator.textContent)).toContain('Somamos 10% de margem para retoques e perdas');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Área das paredes (m²)'), '37,8');
    const doors = screen.getByRole('group', { name: 'Portas a descontar' });
    await user.clear(within(doors).getByLabelText('Quantas'));
    await user.type(within(doors).getByLabelText('Quantas'), '1');
    const result = normalize(screen.getByTestId('calculadora-tinta-resultado').textContent);
    // 37,8 - 1,68 = 36,12 m² x 2 coats / 13,33 + 10 % = 5,96 L: two gallons.
    expect(result).toContain('36,12 m²');
    expect(result).toContain('5,96 L');
    expect(result).toContain('2 × Tinta Gelo 3,6 L');
    expect(screen.getByRole('button', { name: 'Adicionar ao carrinho (2 itens)' })).toBeTruthy();
  });

  it('refuses openings larger than the wall and zero coats in pt-BR, keeping what was typed', async () => {
    render(<MaterialCalculator calculator={paint} />);
    const user = userEvent.setup();
    const area = screen.getByLabelText('Área das paredes (m²)');
    await user.type(area, '3');
    const windows = screen.getByRole('group', { name: 'Janelas a descontar' });
    await user.clear(within(windows).getByLabelText('Quantas'));
    await user.type(within(windows).getByLabelText('Quantas'), '3');
    const result = screen.getByTestId('calculadora-tinta-resultado');
    expect(normalize(result.textContent)).toBe(
      'As portas e janelas somam a área das paredes ou mais: confira as medidas.',
    );
    expect(
      (screen.getByRole('button', { name: 'Adicionar ao carrinho' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.clear(within(windows).getByLabelText('Quantas'));
    await user.type(within(windows).getByLabelText('Quantas'), '0');
    await user.clear(screen.getByLabelText('Demãos'));
    expect(normalize(result.textContent)).toBe('Informe pelo menos 1 demão.');
    expect((area as HTMLInputElement).value).toBe('3');
  });
});

describe('the mortar, grout and block calculators', () => {
  it('count 20 kg bags, kg of grout and blocks, rounded up', async () => {
    const user = userEvent.setup();
    const { unmount } = render(
      <MaterialCalculator
        calculator={{
          material: 'argamassa-colante',
          embalagens: [pack(1212, 'Argamassa AC-II 20 kg', 29.9, 20)],
        }}
      />,
    );
    await user.type(screen.getByLabelText('Área a assentar (m²)'), '12');
    expect(normalize(screen.getByTestId('calculadora-argamassa-resultado').textContent)).toContain(
      '4 × Argamassa AC-II 20 kg',
    );
    unmount();
    render(
      <MaterialCalculator
        calculator={{ material: 'rejunte-flexivel', embalagens: [pack(1215, 'Rejunte Branco', 14.9, 1)] }}
      />,
    );
    await user.type(screen.getByLabelText('Área a rejuntar (m²)'), '20');
    // 60 x 60 cm, 3 x 8 mm: 0,126 kg/m² x 20 m² + 10 % = 2,78 kg: 3 packs.
    expect(normalize(screen.getByTestId('calculadora-rejunte-resultado').textContent)).toContain(
      '3 × Rejunte Branco',
    );
  });

  it('warns when the blocks needed are more than the stock', async () => {
    render(
      <MaterialCalculator
        calculator={{
          material: 'bloco-ceramico-9x19x19',
          embalagens: [pack(1315, 'Bloco 9 x 19 x 19', 1.19, 1, 300)],
        }}
      />,
    );
    await userEvent.setup().type(screen.getByLabelText('Área das paredes (m²)'), '20');
    expect(normalize(screen.getByTestId('calculadora-blocos-resultado').textContent)).toContain(
      '525 × Bloco',
    );
    expect(screen.getByText('Há apenas 300 em estoque de Bloco 9 x 19 x 19.')).toBeTruthy();
  });
});

describe('measures typed into the page before the app took it over', () => {
  const fields: HTMLInputElement[] = [];
  afterEach(() => fields.splice(0).forEach((field) => field.remove()));
  /** The server-rendered fields, as the shopper left them before the app's code arrived. */
  function typedInThePage(measures: Record<string, string>): void {
    for (const [name, value] of Object.entries(measures)) {
      const input = Object.assign(document.createElement('input'), { name, value });
      document.body.prepend(input);
      fields.push(input);
    }
  }

  it('start the mortar, grout and block calculators, and their results use them', () => {
    typedInThePage({
      'argamassa-area': '12',
      'rejunte-area': '20',
      'rejunte-peca-largura': '30',
      'rejunte-peca-comprimento': '30',
      'blocos-area': '20',
      'blocos-janelas-quantidade': '2',
    });
    const mortar = render(
      <MaterialCalculator
        calculator={{
          material: 'argamassa-colante',
          embalagens: [pack(1212, 'Argamassa AC-II 20 kg', 29.9, 20)],
        }}
      />,
    );
    expect((screen.getByLabelText('Área a assentar (m²)') as HTMLInputElement).value).toBe('12');
    expect(normalize(screen.getByTestId('calculadora-argamassa-resultado').textContent)).toContain(
      '4 × Argamassa AC-II 20 kg',
    );
    mortar.unmount();
    const grout = render(
      <MaterialCalculator
        calculator={{ material: 'rejunte-flexivel', embalagens: [pack(1215, 'Rejunte Branco', 14.9, 1)] }}
      />,
    );
    expect((screen.getByLabelText('Peça: largura (cm)') as HTMLInputElement).value).toBe('30');
    // 30 x 30 cm, 3 x 8 mm: 0,252 kg/m² x 20 m² + 10 % = 5,54 kg: 6 packs (60 x 60 cm would be 3).
    expect(normalize(screen.getByTestId('calculadora-rejunte-resultado').textContent)).toContain(
      '6 × Rejunte Branco',
    );
    grout.unmount();
    render(
      <MaterialCalculator
        calculator={{
          material: 'bloco-ceramico-9x19x19',
          embalagens: [pack(1315, 'Bloco 9 x 19 x 19', 1.19, 1, 1000)],
        }}
      />,
    );
    const windows = screen.getByRole('group', { name: 'Janelas a descontar' });
    expect((within(windows).getByLabelText('Quantas') as HTMLInputElement).value).toBe('2');
    // 20 m² less two windows of 1,20 × 1,00 m: 17,60 m².
    expect(normalize(screen.getByTestId('calculadora-blocos-resultado').textContent)).toContain('17,60 m²');
  });
});
