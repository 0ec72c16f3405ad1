import { formatBRLPlain } from '../domain/money';
import { formatStoreDateTime } from '../domain/store-calendar';
import type { CommandGroup } from './cli-admin';
import type { ReturnLine } from './services/orders/returns';

// The returns of withdrawn orders (CDC art. 49), for the staff who collect or receive the goods.

export const RETURNS_USAGE = `  order:returns                            devoluções por desistência: pedido, cliente, coleta ou loja, valor devolvido
`;

/** Runs order:returns; false when `command` is not it. */
export const runReturnCommand: CommandGroup = async (command, _positional, _options, admin) => {
  if (command !== 'order:returns') return false;
  const { devolucoes } = (await admin('GET', '/orders/returns')) as { devolucoes: ReturnLine[] };
  if (devolucoes.length === 0) console.log('Nenhuma devolução por desistência.');
  for (const line of devolucoes) {
    console.log(
      `pedido ${line.pedido}  ${line.status}  ${line.cliente}  ${line.como}  ${formatBRLPlain(line.valorCentavos)}` +
        `  solicitada em ${formatStoreDateTime(line.solicitadaEm)}`,
    );
    if (line.motivo) console.log(`   motivo: ${line.motivo}`);
  }
  return true;
};
