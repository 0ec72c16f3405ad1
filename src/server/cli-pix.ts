// The Pix staff commands of `npm run store` (src/server/cli.ts hands them here).

import { formatBRLPlain } from '../domain/money';
import type { CommandGroup } from './cli-admin';

export const PIX_USAGE = `  pix:pay <txid | copia-e-cola> [--valor 12,34]
                                           emulador: paga o código como um app de banco (recusa expirado ou removido)
  pix:confirm <pedido>                     emulador: paga o código PIX mais recente do pedido
  pix:reconcile [--desde AAAA-MM-DD]       confere cada PIX recebido no provedor com o seu pedido
  pix:refunds                              devoluções e seus status; PIX recebidos sem pedido
  payments:refunds                         devoluções de cartão e de PIX juntas: quanto, como, quando
`;

const money = formatBRLPlain;

const OUTCOMES: Record<string, string> = {
  pago: 'pedido pago',
  devolver: 'pedido não esperava este pagamento: valor será devolvido',
  desconhecido: 'nenhum pedido com este txid: veja pix:refunds',
  repetido: 'pagamento já registrado antes',
};

interface RefundLine {
  id: string;
  pedido: number | null;
  valorCentavos: number;
  motivo: string;
  status: string;
  detalhe: string | null;
  solicitadaEm: string;
  devolvidaEm: string | null;
}

/** Runs a pix:* command; false when `command` is not one. */
export const runPixCommand: CommandGroup = async (command, positional, options, admin) => {
  switch (command) {
    case 'pix:pay': {
      if (!positional[0]) throw new Error('Informe o txid ou o PIX copia e cola.');
      const answer = await admin('POST', '/pix/pay', { codigo: positional[0], valor: options.valor });
      console.log(
        `PIX ${answer.endToEndId} de R$ ${String(answer.valor).replace('.', ',')}: ${OUTCOMES[String(answer.resultado)] ?? answer.resultado}`,
      );
      return true;
    }
    case 'pix:confirm': {
      const id = Number(positional[0]);
      if (!Number.isInteger(id) || id <= 0) throw new Error('Informe o número do pedido.');
      const answer = await admin('POST', `/pix/${id}/confirm`, {});
      console.log(`Pedido ${answer.pedido}: ${OUTCOMES[String(answer.resultado)] ?? answer.resultado}`);
      return true;
    }
    case 'pix:reconcile': {
      const answer = await admin('POST', '/pix/reconcile', options.desde ? { desde: options.desde } : {});
      console.log(
        `PIX recebidos conferidos: ${answer.recebidos} (novos pagos: ${answer.pagos}, a devolver: ${answer.devolvidos}, ` +
          `sem pedido: ${answer.desconhecidos}); cobranças removidas: ${answer.cobrancasRemovidas}; ` +
          `devoluções atualizadas: ${answer.devolucoesAtualizadas}`,
      );
      return true;
    }
    case 'pix:refunds': {
      const answer = (await admin('GET', '/pix/refunds')) as unknown as {
        devolucoes: RefundLine[];
        semPedido: { endToEndId: string; txid: string | null; valorCentavos: number; recebidoEm: string }[];
      };
      if (answer.devolucoes.length === 0) console.log('Nenhuma devolução.');
      for (const refund of answer.devolucoes)
        console.log(
          `${refund.id}  pedido ${refund.pedido ?? '-'}  ${money(refund.valorCentavos)}  ${refund.motivo}  ${refund.status}` +
            `  solicitada ${refund.solicitadaEm}${refund.devolvidaEm ? `  devolvida ${refund.devolvidaEm}` : ''}` +
            (refund.detalhe ? `  (${refund.detalhe})` : ''),
        );
      if (answer.semPedido.length) console.log('\nPIX recebidos sem pedido (verifique com o banco):');
      for (const pix of answer.semPedido)
        console.log(
          `${pix.endToEndId}  txid ${pix.txid ?? '-'}  ${money(pix.valorCentavos)}  em ${pix.recebidoEm}`,
        );
      return true;
    }
    case 'payments:refunds': {
      const answer = (await admin('GET', '/payments/refunds')) as unknown as {
        devolucoes: (RefundLine & { meio: string; como: string; cartao: string | null })[];
      };
      if (answer.devolucoes.length === 0) console.log('Nenhuma devolução.');
      for (const refund of answer.devolucoes)
        console.log(
          `${refund.meio}  pedido ${refund.pedido ?? '-'}  ${money(refund.valorCentavos)}  ${refund.como}` +
            `${refund.cartao ? ` (${refund.cartao})` : ''}  ${refund.motivo}  ${refund.status}` +
            `  solicitada ${refund.solicitadaEm}${refund.devolvidaEm ? `  devolvida ${refund.devolvidaEm}` : ''}`,
        );
      return true;
    }
    default:
      return false;
  }
};
