import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '../test-utils/render';
import { TileCalculator } from '../../../src/features/catalogue/components/tile-calculator';

const normalize = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

describe('TileCalculator', () => {
  it('rounds boxes up for the area plus 10% loss and shows the m² covered and the total', async () => {
    const onAdd = vi.fn();
    // 2,20 m² a box at R$ 50,00 the m².
    render(<TileCalculator m2PerBox={2.2} pricePerM2={5000} onAdd={onAdd} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Área a cobrir (m²)'), '10');
    // 10 m² + 10% = 11 m² = 5 boxes of 2,2 m² exactly.
    expect(screen.getByTestId('tile-boxes').textContent).toBe('5');
    expect(normalize(screen.getByTestId('tile-covered').textContent)).toBe('11,00 m²');
    expect(normalize(screen.getByTestId('tile-total').textContent)).toBe('R$ 550,00');
    await user.click(screen.getByRole('button', { name: 'Adicionar 5 caixas' }));
    expect(onAdd).toHaveBeenCalledWith(5);
  });

  it('uses the loss presets (15%, 30%) and an edited percentage', async () => {
    render(<TileCalculator m2PerBox={2.2} pricePerM2={5000} onAdd={() => {}} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Área a cobrir (m²)'), '10');
    await user.click(screen.getByRole('radio', { name: /Muitos recortes \(15%\)/ }));
    // 11,5 m² / 2,2 = 5,23 -> 6 boxes.
    expect(screen.getByTestId('tile-boxes').textContent).toBe('6');
    await user.click(screen.getByRole('radio', { name: /diagonal \(30%\)/ }));
    // 13 m² / 2,2 = 5,9 -> 6 boxes.
    expect(screen.getByTestId('tile-boxes').textContent).toBe('6');
    const loss = screen.getByLabelText('Perda (%)');
    await user.clear(loss);
    await user.type(loss, '0');
    // 10 / 2,2 = 4,55 -> 5 boxes.
    expect(screen.getByTestId('tile-boxes').textContent).toBe('5');
  });

  it('takes width x length instead of the area', async () => {
    render(<TileCalculator m2PerBox={1.5} pricePerM2={4000} onAdd={() => {}} />);
    const user = userEvent.setup();
    await user.click(screen.getByText('Largura x comprimento'));
    await user.type(screen.getByLabelText('Largura (m)'), '3');
    await user.type(screen.getByLabelText('Comprimento (m)'), '4');
    // 12 m² + 10% = 13,2 m² / 1,5 = 8,8 -> 9 boxes, 13,50 m², 9 x 1,5 x R$ 40,00 = R$ 540,00.
    expect(screen.getByTestId('tile-boxes').textContent).toBe('9');
    expect(normalize(screen.getByTestId('tile-covered').textContent)).toBe('13,50 m²');
    expect(normalize(screen.getByTestId('tile-total').textContent)).toBe('R$ 540,00');
    expect((screen.getByRole('button', { name: 'Adicionar 9 caixas' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('cannot add before an area is given, nor more boxes than the lote holds', async () => {
    render(<TileCalculator m2PerBox={2} pricePerM2={1000} available={3} onAdd={() => {}} />);
    expect((screen.getByRole('button', { name: 'Adicionar 0 caixas' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await userEvent.setup().type(screen.getByLabelText('Área a cobrir (m²)'), '10');
    expect(screen.getByText(/Há apenas 3 caixas disponíveis/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Adicionar 6 caixas' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});

describe('TileCalculator measures typed key by key', () => {
  // 2,16 m² a box (the porcelain tiles of /produto/1219): 10,5 m² + 10% = 11,55 m² -> 6 boxes.
  it.each(['10,5', '10.5'])("keeps the decimal separator of '%s' and counts 6 boxes", async (typed) => {
    render(<TileCalculator m2PerBox={2.16} pricePerM2={5990} onAdd={() => {}} />);
    const user = userEvent.setup();
    const area = screen.getByLabelText('Área a cobrir (m²)') as HTMLInputElement;
    for (const key of typed) await user.type(area, key);
    expect(area.value).toBe('10,5');
    expect(screen.getByTestId('tile-boxes').textContent).toBe('6');
  });

  it('takes 3 x 4,2 typed key by key as 12,6 m²', async () => {
    render(<TileCalculator m2PerBox={1.5} pricePerM2={4000} onAdd={() => {}} />);
    const user = userEvent.setup();
    await user.click(screen.getByText('Largura x comprimento'));
    await user.type(screen.getByLabelText('Largura (m)'), '3');
    const length = screen.getByLabelText('Comprimento (m)') as HTMLInputElement;
    for (const key of '4,2') await user.type(length, key);
    expect(length.value).toBe('4,2');
    // 12,6 m² + 10% = 13,86 m² / 1,5 = 9,24 -> 10 boxes.
    expect(screen.getByTestId('tile-boxes').textContent).toBe('10');
  });
});
