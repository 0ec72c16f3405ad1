import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CommandGroup } from '../../../src/server/cli-admin';
import { runReturnCommand } from '../../../src/server/cli-returns';
import { runStaffCommand } from '../../../src/server/cli-staff';
import { runStoreModeCommand } from '../../../src/server/cli-store-mode';
import { printedBy } from '../../cli-output';

// `npm run store` prints the store's time (São Paulo, UTC-3), as the screens do, on a server whose
// zone is UTC or any other. 23:36:10 UTC on 27 November 2026 is 20:36 in São Paulo.

const AT = '2026-11-27T23:36:10.000Z';

const printed = (
  group: CommandGroup,
  command: string,
  answer: Record<string, unknown>,
  options: Record<string, string> = {},
): Promise<string> => printedBy(group, command, options, async () => answer);

describe.each(['UTC', 'Asia/Tokyo'])('the CLI on a host in %s', (zone) => {
  const hostZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    process.env.TZ = hostZone;
  });
  afterEach(() => vi.restoreAllMocks());

  it("gives a pairing code's deadline in São Paulo time", async () => {
    const text = await printed(runStoreModeCommand, 'tablet:pair', {
      loja: 1,
      codigo: 'ABCD2345',
      expira: AT,
    });
    expect(text).toContain('Digite-o no tablet em /loja até 20:36 (uso único).');
  });

  it('lists tablets, PIN locks and the day’s orders in São Paulo time', async () => {
    const tablets = await printed(runStoreModeCommand, 'tablet:list', {
      tablets: [{ id: 3, loja: 'Loja Centro', pareadoEm: AT, vistoEm: AT, revogadoEm: null }],
    });
    expect(tablets).toBe('#3  Loja Centro  pareado em 27/11/2026 às 20:36  visto em 27/11/2026 às 20:36');

    const staff = await printed(runStaffCommand, 'staff:list', {
      equipe: [{ id: 4, nome: 'Ana', papel: 'vendedor', lojaNome: 'Loja Centro', bloqueadoAte: AT }],
    });
    expect(staff).toContain('PIN BLOQUEADO até 20:36');

    const sales = await printed(runStoreModeCommand, 'sales:day', {
      dia: '2026-11-27',
      pedidos: [
        {
          id: 1001,
          hora: AT,
          loja: 'Loja Centro',
          canal: 'tablet',
          tablet: 3,
          vendedor: null,
          status: 'Pagamento Efetuado',
          total: 10,
        },
      ],
      lojas: [],
      vendedores: [],
    });
    expect(sales).toContain('Pedido 1001  20:36  Loja Centro');
  });

  it('gives when a withdrawal asked for its return in São Paulo time', async () => {
    const returns = await printed(runReturnCommand, 'order:returns', {
      devolucoes: [
        {
          pedido: 1002,
          cliente: 'Ana',
          status: 'aberta',
          como: 'entrega na Loja Centro',
          motivo: null,
          valorCentavos: 12_000,
          excluidos: [],
          solicitadaEm: AT,
          recebida: null,
        },
        {
          pedido: 1003,
          cliente: 'Bia',
          status: 'recebida',
          como: 'entrega na Loja Centro',
          motivo: null,
          valorCentavos: 9_000,
          excluidos: ['Tinta preparada 18 L'],
          solicitadaEm: AT,
          recebida: { em: AT, por: 'Rita' },
        },
      ],
    });
    expect(returns).toContain('solicitada em 27/11/2026 às 20:36');
    expect(returns).toContain('recebida em 27/11/2026 às 20:36 por Rita');
    expect(returns).toContain('fica com o cliente (sob encomenda): Tinta preparada 18 L');
  });
});
