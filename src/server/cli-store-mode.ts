import { formatBRLPlain, reaisToCentavos } from '../domain/money';
import { PHYSICAL_STORES } from '../domain/store';
import { formatStoreDateTime, storeClockTime } from '../domain/store-calendar';
import type { CommandGroup } from './cli-admin';
import type { DaySales } from './services/sales';

// The store mode commands of `npm run store` (src/server/cli.ts hands them here). Times are the
// store's (São Paulo), as on the screens, whatever the zone of the machine that runs the command.

export const STORE_MODE_USAGE = `  tablet:pair --loja N                     código de pareamento de um tablet (8 caracteres, 10 minutos, uso único)
  tablet:list                              tablets pareados, com loja e último acesso
  tablet:revoke <id>                       revoga o pareamento de um tablet
  sales:day [--loja N] [--dia AAAA-MM-DD] [--vendedor ID]
                                           pedidos do dia e totais por loja e por vendedor
`;

const clock = (iso: unknown) => storeClockTime(new Date(String(iso)));

/** Runs a tablet:* or sales:day command; false when `command` is not one. */
export const runStoreModeCommand: CommandGroup = async (command, positional, options, admin) => {
  switch (command) {
    case 'tablet:pair': {
      const answer = await admin('POST', '/tablets/pairing-codes', { loja: options.loja });
      const store = PHYSICAL_STORES.find((candidate) => candidate.id === Number(answer.loja));
      console.log(`Código de pareamento para a ${store?.name ?? `loja ${answer.loja}`}: ${answer.codigo}`);
      console.log(`Digite-o no tablet em /loja até ${clock(answer.expira)} (uso único).`);
      return true;
    }
    case 'tablet:list': {
      const answer = (await admin('GET', '/tablets')) as {
        tablets: {
          id: number;
          loja: string;
          pareadoEm: string;
          vistoEm: string;
          revogadoEm: string | null;
        }[];
      };
      if (answer.tablets.length === 0) console.log('Nenhum tablet pareado.');
      for (const tablet of answer.tablets)
        console.log(
          `#${tablet.id}  ${tablet.loja}  pareado em ${formatStoreDateTime(tablet.pareadoEm)}` +
            `  visto em ${formatStoreDateTime(tablet.vistoEm)}` +
            (tablet.revogadoEm ? `  REVOGADO em ${formatStoreDateTime(tablet.revogadoEm)}` : ''),
        );
      return true;
    }
    case 'tablet:revoke': {
      const id = Number(positional[0]);
      if (!Number.isInteger(id) || id <= 0) throw new Error('Informe o número do tablet (veja tablet:list).');
      const answer = await admin('POST', `/tablets/${id}/revoke`, {});
      console.log(`Tablet #${answer.id} (${answer.loja}) revogado: não acessa mais as funções de loja.`);
      return true;
    }
    case 'sales:day': {
      const query = new URLSearchParams();
      if (options.loja) query.set('loja', options.loja);
      if (options.dia) query.set('dia', options.dia);
      if (options.vendedor) query.set('vendedor', options.vendedor);
      const answer = (await admin('GET', `/sales/day?${query}`)) as unknown as DaySales;
      const money = (reais: number) => formatBRLPlain(reaisToCentavos(reais));
      console.log(`Vendas de ${answer.dia}`);
      if (answer.pedidos.length === 0) console.log('Nenhum pedido.');
      for (const order of answer.pedidos)
        console.log(
          `Pedido ${order.id}  ${clock(order.hora)}  ${order.loja}  ${order.canal}` +
            `${order.tablet ? ` (tablet #${order.tablet})` : ''}${order.vendedor ? `  vendedor ${order.vendedor}` : ''}` +
            `  ${order.status}  ${money(order.total)}`,
        );
      console.log('\nTotais por loja (só pedidos pagos):');
      for (const store of answer.lojas)
        console.log(`${store.nome}: ${store.pedidos} pedido(s), ${money(store.total)}`);
      console.log('\nTotais por vendedor (só pedidos pagos):');
      for (const seller of answer.vendedores)
        console.log(
          `${seller.nome}${seller.id ? ` (#${seller.id})` : ''}: ${seller.pedidos} pedido(s), ${money(seller.total)}`,
        );
      return true;
    }
    default:
      return false;
  }
};
