import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notifications } from '@mantine/notifications';
import { render } from '../test-utils/render';
import { FreightCalculator } from '../../../src/components/freight-calculator';

// Only the network boundary is replaced; the calculator, its mutation and the contract are real.
let reply: { status: number; body: unknown } = { status: 200, body: [] };
const bodies: unknown[] = [];

beforeEach(() => {
  bodies.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const cepBox = () => screen.getByLabelText('Calcule o frete e o prazo') as HTMLInputElement;
const calculate = () => screen.getByRole('button', { name: 'Calcular' }) as HTMLButtonElement;

function renderCalculator() {
  return render(
    <>
      <Notifications />
      <FreightCalculator items={[{ idprd: 42, quantity: 1 }]} totalCompra={129.9} />
    </>,
  );
}

describe('FreightCalculator', () => {
  it('keeps digits only, shows 00000-000 and enables Calcular at exactly 8 digits', async () => {
    renderCalculator();
    const user = userEvent.setup();
    expect(cepBox().maxLength).toBe(10);
    expect(calculate().disabled).toBe(true);
    await user.type(cepBox(), '13a0.1');
    expect(cepBox().value).toBe('1301');
    await user.type(cepBox(), '210');
    expect(cepBox().value).toBe('13012-10');
    expect(calculate().disabled).toBe(true);
    await user.type(cepBox(), '09999');
    expect(cepBox().value).toBe('13012-100');
    expect(calculate().disabled).toBe(false);
    await user.type(cepBox(), '{Backspace}');
    expect(calculate().disabled).toBe(true);
  });

  it('lists the options with price or Grátis and the delivery estimate', async () => {
    reply = {
      status: 200,
      body: [
        { id: 100, name: 'Motoboy', delivery_time: 0, price: 19.9, company: { picture: '', name: 'Loja' } },
        {
          id: 103,
          name: 'Retirar na loja',
          delivery_time: 0,
          price: 0,
          company: { picture: '', name: 'Loja' },
        },
      ],
    };
    renderCalculator();
    const user = userEvent.setup();
    await user.type(cepBox(), '13012100');
    await user.click(calculate());
    const list = await screen.findByRole('list', { name: 'Opções de entrega' });
    expect(list.textContent).toContain('Motoboy');
    expect(list.textContent?.replace(/\s/g, ' ')).toContain('R$ 19,90');
    expect(list.textContent).toContain('Receba no mesmo dia até as 18:00.');
    expect(list.textContent).toContain('Grátis');
    expect(bodies[0]).toEqual({ cep: '13012100', ids: [{ id: 42, quantity: 1 }], total_compra: 129.9 });
  });

  it('shows the custom-delivery notice with a WhatsApp link on 404', async () => {
    reply = { status: 404, body: { resposta: 'Ainda não entregamos neste CEP.' } };
    renderCalculator();
    const user = userEvent.setup();
    await user.type(cepBox(), '69900000');
    await user.click(calculate());
    expect(await screen.findByText('Entrega personalizada')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Falar pelo WhatsApp' });
    expect(link.getAttribute('href')).toMatch(/^https:\/\/wa\.me\//);
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it("toasts 'Erro' with the server's resposta on 500, or 'Erro ao calcular frete'", async () => {
    reply = { status: 500, body: { resposta: 'Transportadora fora do ar' } };
    renderCalculator();
    const user = userEvent.setup();
    await user.type(cepBox(), '13012100');
    await user.click(calculate());
    expect(await screen.findByText('Transportadora fora do ar')).toBeTruthy();
    expect(screen.getByText('Erro')).toBeTruthy();
    reply = { status: 500, body: {} };
    await user.click(calculate());
    expect(await screen.findByText('Erro ao calcular frete')).toBeTruthy();
  });
});
