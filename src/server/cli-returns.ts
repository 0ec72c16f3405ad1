import type { StoreReturn } from '../api/store-returns';
import { formatBRLPlain } from '../domain/money';
import { formatStoreDateTime } from '../domain/store-calendar';
import type { CommandGroup } from './cli-admin';

// The returns of withdrawn orders (CDC art. 49), for the staff who collect or receive the goods.

export const RETURNS_USAGE = `  order:returns [--loja N]                 devoluções por desistência: pedido, cliente, coleta ou loja, valor devolvido
  order:return-received <pedido>           marca como recebidos os produtos de uma devolução (o valor já foi devolvido)
`;

function printReturn(line: StoreReturn) {
  const received = line.recebida
    ? `  recebida em ${formatStoreDateTime(line.recebida.em)}${line.recebida.por ? ` por ${line.recebida.por}` : ''}`
    : '';
  console.log(
    `pedido ${line.pedido}  ${line.status}  ${line.cliente}  ${line.como}  ${formatBRLPlain(line.valorCentavos)}` +
      `  solicitada em ${formatStoreDateTime(line.solicitadaEm)}${received}`,
  );
  if (line.excluidos.length)
    console.log(`   fica com o cliente (sob encomenda): ${line.excluidos.join(', ')}`);
  if (line.motivo) console.log(`   motivo: ${line.motivo}`);
}

/** Runs order:returns and order:return-received; false when `command` is neither. */
export const runReturnCommand: CommandGroup = async (command, positional, options, admin) => {
  if (command === 'order:return-received') {
    const id = positional[0];
    if (!id || !/^\d+$/.test(id)) throw new Error('Uso: order:return-received <pedido>');
    const answer = (await admin('POST', `/orders/${id}/return-received`)) as { resposta: string };
    console.log(answer.resposta);
    return true;
  }
  if (command !== 'order:returns') return false;
  const query = options.loja ? `?loja=${encodeURIComponent(options.loja)}` : '';
  const { devolucoes } = (await admin('GET', `/orders/returns${query}`)) as { devolucoes: StoreReturn[] };
  if (devolucoes.length === 0) console.log('Nenhuma devolução por desistência.');
  for (const line of devolucoes) printReturn(line);
  return true;
};
