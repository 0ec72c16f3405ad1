import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import type { PickupOrder } from '../../../src/api/store-pickup';
import { PickupCounterPage } from '../../../src/features/store-mode/components/pickup-counter-page';
import { StaffBadge } from '../../../src/features/store-mode/components/staff-badge';
import { staffKeys } from '../../../src/features/store-mode/api/staff';
import { storeModeKeys } from '../../../src/features/store-mode/api/tablet';
import { saveTabletMarker } from '../../../src/storage/tablet-marker';
import { render } from '../test-utils/render';

// The pickup counter on a tablet that lost its connection: a step is kept on the tablet at once
// ('Na fila (sem conexão)'), not left waiting in the page until the connection returns, so it
// survives a reload and the counter shows what is queued. Back online, each queued step is sent
// once, in order, however many times the connection comes and goes meanwhile.

const tablet = { loja: { id: 2, nome: 'Loja Taquaral' }, tablet: { id: 7 } };
const order: PickupOrder = {
  id: 1001,
  cliente: 'Maria Lima',
  pagoEm: '2026-11-26T13:00:00Z',
  itens: [{ nome: 'Cimento CP II 50 kg', quantidade: 2, unidade: 'UN' }],
  separacao: null,
  pronto: null,
  retirado: null,
};

const noSignal = vi.fn(async () => {
  throw new TypeError('Failed to fetch');
});

beforeEach(() => {
  saveTabletMarker(tablet);
  vi.stubGlobal('fetch', noSignal);
});

/** What the browser does when the connection drops: navigator.onLine false and an 'offline' event. */
function loseConnection() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  window.dispatchEvent(new Event('offline'));
}
const seller = { id: 5, nome: 'Carla Souza', papel: 'vendedor' };

/**
 * /loja/retiradas on the paired tablet, the seller signed in, order 1001 waiting (or `waiting`), no
 * returns; with the header's 'Vendedor: Carla' and 'Sair' when `withHeader`.
 */
const renderCounter = ({ waiting = order, withHeader = false } = {}) =>
  render(
    <>
      {withHeader && <StaffBadge />}
      <PickupCounterPage />
    </>,
    {
      route: '/loja/retiradas',
      answers: [
        [storeModeKeys.tablet, tablet],
        [staffKeys.member, seller],
        [staffKeys.pickups, [waiting]],
        // No return left at this store: the counter's 'Devoluções nesta loja' has its answer.
        [staffKeys.returns, []],
      ],
    },
  );

/** Steps of order 1001 left on the tablet by an earlier visit. */
const queueSteps = (...steps: string[]) =>
  localStorage.setItem(
    'loja_fila_retiradas',
    JSON.stringify(steps.map((passo) => ({ pedido: 1001, passo }))),
  );

afterEach(() => {
  vi.unstubAllGlobals();
  saveTabletMarker(null);
  localStorage.removeItem('loja_fila_retiradas');
  onlineManager.setOnline(true);
});

describe('the pickup counter without a connection', () => {
  it("keeps 'Separar' and 'Pronto para retirada' on the tablet and says how many wait", async () => {
    const user = userEvent.setup();
    renderCounter();
    const separar = await screen.findByRole('button', { name: 'Separar' });
    loseConnection();

    await user.click(separar);
    expect(
      await screen.findByText('Sem conexão: o passo foi guardado e será enviado ao voltar a conexão.'),
    ).toBeTruthy();
    expect(screen.getByText('Na fila (sem conexão)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pronto para retirada' }));
    expect(
      await screen.findByText('2 passo(s) guardado(s) sem conexão: serão enviados ao voltar a conexão.'),
    ).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('loja_fila_retiradas')!)).toEqual([
      { pedido: 1001, passo: 'separar' },
      { pedido: 1001, passo: 'pronto' },
    ]);
    expect(noSignal).not.toHaveBeenCalled();
  });
});

describe('the pickup counter when the connection comes back', () => {
  it("sends each queued step once, in order, when 'online' comes twice while they are on their way", async () => {
    queueSteps('separar', 'pronto');
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        // An answer takes a moment to come back, as over a store's network.
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (!String(url).endsWith('/LOJA_RETIRADA_PASSO')) return Response.json({ pedidos: [order] });
        const { passo } = JSON.parse(String(init?.body)) as { passo: string };
        sent.push(passo);
        return Response.json({ resposta: `Pedido 1001: ${passo}.`, jaFeito: false, pedido: order });
      }),
    );
    renderCounter();
    // The connection flickers as the counter opens: two 'online' events.
    window.dispatchEvent(new Event('online'));
    window.dispatchEvent(new Event('online'));

    await waitFor(() => expect(localStorage.getItem('loja_fila_retiradas')).toBeNull());
    await screen.findByText(/Pedido 1001: pronto\./);
    expect(sent).toEqual(['separar', 'pronto']);
  });
});

describe('the pickup counter when the server is in trouble as the queue is sent', () => {
  it('keeps a queued step that meets a 503 or a 500 and sends it on a later try, never dropping it', async () => {
    queueSteps('separar', 'pronto');
    // The server sheds the first step sent (503), fails the second (500), then answers.
    const troubles = [503, 500];
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (!String(url).endsWith('/LOJA_RETIRADA_PASSO')) return Response.json({ pedidos: [order] });
        const trouble = troubles.shift();
        if (trouble)
          return Response.json(
            { resposta: 'A loja está com muitos acessos agora. Tente novamente em alguns segundos.' },
            { status: trouble },
          );
        const { passo } = JSON.parse(String(init?.body)) as { passo: string };
        sent.push(passo);
        return Response.json({ resposta: `Pedido 1001: ${passo}.`, jaFeito: false, pedido: order });
      }),
    );
    renderCounter();
    // Each 'online' asks for another try (one sending at a time: those during a sending add nothing).
    await waitFor(() => {
      window.dispatchEvent(new Event('online'));
      expect(localStorage.getItem('loja_fila_retiradas')).toBeNull();
    });
    expect(troubles).toEqual([]);
    expect(sent).toEqual(['separar', 'pronto']);
    expect(screen.queryByText(/muitos acessos/)).toBeNull();
  });
});

describe('the pickup counter after a queued step was sent', () => {
  it('no longer says the step waits for a connection under its order', async () => {
    const user = userEvent.setup();
    renderCounter();
    const separar = await screen.findByRole('button', { name: 'Separar' });
    loseConnection();
    await user.click(separar);
    const waiting = 'Sem conexão: o passo foi guardado e será enviado ao voltar a conexão.';
    expect(await screen.findByText(waiting)).toBeTruthy();

    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (!String(url).endsWith('/LOJA_RETIRADA_PASSO')) return Response.json({ pedidos: [order] });
        const { passo } = JSON.parse(String(init?.body)) as { passo: string };
        sent.push(passo);
        return Response.json({ resposta: `Pedido 1001: ${passo}.`, jaFeito: false, pedido: order });
      }),
    );
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    window.dispatchEvent(new Event('online'));

    await screen.findByText(/Pedido 1001: separar\./);
    expect(sent).toEqual(['separar']);
    expect(screen.queryByText(waiting)).toBeNull();
  });
});

describe("the pickup counter when the seller's session ended while steps waited", () => {
  it('keeps the steps, asks for a seller, and sends them once one is signed in again', async () => {
    queueSteps('separar', 'pronto');
    let session = false;
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (!session) return Response.json({ resposta: 'Entre como vendedor.' }, { status: 401 });
        if (!String(url).endsWith('/LOJA_RETIRADA_PASSO')) return Response.json({ pedidos: [order] });
        const { passo } = JSON.parse(String(init?.body)) as { passo: string };
        sent.push(passo);
        return Response.json({ resposta: `Pedido 1001: ${passo}.`, jaFeito: false, pedido: order });
      }),
    );
    const { queryClient } = renderCounter();

    expect(
      await screen.findByText(
        '2 passo(s) guardado(s) neste tablet: serão enviados quando um vendedor entrar e voltar a esta tela.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Entre como vendedor para ver as retiradas desta loja\./)).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('loja_fila_retiradas')!)).toHaveLength(2);
    expect(sent).toEqual([]);

    // A seller signs in again (the store mode's sign-in sets the session's member).
    session = true;
    act(() => queryClient.setQueryData(staffKeys.member, seller));

    await waitFor(() => expect(localStorage.getItem('loja_fila_retiradas')).toBeNull());
    await screen.findByText(/Pedido 1001: pronto\./);
    expect(sent).toEqual(['separar', 'pronto']);
  });
});

describe("the pickup counter when the seller signs out with a 'Retirado' queued", () => {
  const ready = {
    ...order,
    separacao: { em: order.pagoEm, por: 'Carla Souza' },
    pronto: { em: order.pagoEm, por: 'Carla Souza' },
  };

  /** Order 1001 ready, its 'Retirado' confirmed with the customer's digits with no signal: held. */
  async function holdRetiradoOffline({ queriesToo = false } = {}) {
    const user = userEvent.setup();
    const { queryClient } = renderCounter({ waiting: ready, withHeader: true });
    await user.click(await screen.findByRole('button', { name: 'Retirado' }));
    loseConnection();
    if (queriesToo) act(() => onlineManager.setOnline(false));
    const card = within(screen.getByRole('article', { name: 'Pedido 1001' }));
    await user.type(card.getByLabelText('Número do pedido'), '1001');
    await user.type(card.getByLabelText(/Últimos 4 dígitos/), '4321');
    await user.click(card.getByRole('button', { name: 'Confirmar retirada' }));
    await screen.findByText('1 passo(s) guardado(s) sem conexão: serão enviados ao voltar a conexão.');
    expect(localStorage.getItem('loja_fila_retiradas')).toContain('4321');
    return { user, queryClient };
  }

  it("drops the customer's document digits from the tablet, and the step is refused with the reason, never sent without them", async () => {
    const { user, queryClient } = await holdRetiradoOffline();

    // The connection comes back, but the server sheds the step (503): it stays queued.
    const steps: string[] = [];
    let stepAnswer = 503;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (String(url).endsWith('/LOJA_RETIRADA_PASSO')) {
          steps.push(String(init?.body));
          return Response.json(
            stepAnswer === 200
              ? { resposta: 'Pedido 1001 retirado.', jaFeito: false, pedido: ready }
              : { resposta: 'A loja está com muitos acessos agora.' },
            { status: stepAnswer },
          );
        }
        if (String(url).endsWith('/LOJA_SAIR')) return Response.json({ resposta: 'Até logo.' });
        return Response.json({ pedidos: [ready] });
      }),
    );
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    act(() => window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(steps).toHaveLength(1));
    expect(localStorage.getItem('loja_fila_retiradas')).toContain('4321');

    await user.click(screen.getByRole('button', { name: 'Sair' }));
    await screen.findByText(
      '1 passo(s) guardado(s) neste tablet: serão enviados quando um vendedor entrar e voltar a esta tela.',
    );
    const kept = localStorage.getItem('loja_fila_retiradas');
    expect(kept).not.toContain('4321');
    expect(JSON.parse(kept!)).toEqual([{ pedido: 1001, passo: 'retirado' }]);

    // A seller signs in again and the server answers: the step cannot be checked without the
    // digits, so it is refused on the tablet with the reason, not sent.
    stepAnswer = 200;
    act(() => queryClient.setQueryData(staffKeys.member, seller));
    await screen.findByText(
      "Pedido 1001: a retirada não foi enviada porque a sessão do vendedor terminou antes. Registre 'Retirado' de novo com os dígitos do CPF/CNPJ do cliente.",
    );
    expect(localStorage.getItem('loja_fila_retiradas')).toBeNull();
    expect(steps).toHaveLength(1);
  });

  it("drops the digits at the tap on 'Sair' even with no signal, before the sign-out can reach the server", async () => {
    // The app's own queries (the sign-out among them) hear of it too: the sign-out waits.
    const { user } = await holdRetiradoOffline({ queriesToo: true });

    // Still offline: the sign-out waits for the network, the digits do not.
    await user.click(screen.getByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(localStorage.getItem('loja_fila_retiradas')).not.toContain('4321'));
    expect(JSON.parse(localStorage.getItem('loja_fila_retiradas')!)).toEqual([
      { pedido: 1001, passo: 'retirado' },
    ]);
  });
});
