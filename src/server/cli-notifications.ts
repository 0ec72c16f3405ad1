import type { PushLogEntry } from './services/notifications/push';
import { formatStoreDateTime } from '../domain/store-calendar';
import type { CommandGroup } from './cli-admin';

// The notification commands of `npm run store` (src/server/cli.ts hands them here).

export const PUSH_USAGE = `  push:latest [--limit N]                  últimos avisos push (pedidos, orçamentos, avisos de estoque) e o resultado de cada envio
`;

/** What a push was about: an order's event, an answered quote, or else a back-in-stock alert. */
const subjectOf = (push: PushLogEntry): string =>
  push.pedido !== null
    ? `pedido ${push.pedido}`
    : push.orcamento !== null
      ? `orçamento ${push.orcamento}`
      : 'aviso de estoque';

const STATUS: Record<PushLogEntry['status'], string> = {
  pending: 'aguardando nova tentativa',
  sent: 'entregue ao serviço de push',
  failed: 'desistimos após várias tentativas',
  gone: 'aparelho não recebe mais (inscrição removida)',
};

/** Runs a push:* command; false when `command` is not one. */
export const runNotificationCommand: CommandGroup = async (command, _positional, options, admin) => {
  if (command !== 'push:latest') return false;
  const limit = Number(options.limit ?? 10) || 10;
  const { pushes } = (await admin('GET', `/push/latest?limit=${limit}`)) as { pushes: PushLogEntry[] };
  if (pushes.length === 0) console.log('Nenhum aviso push enviado ainda.');
  for (const push of pushes) {
    const outcome = push.ultimoStatus
      ? `${STATUS[push.status]} (HTTP ${push.ultimoStatus})`
      : STATUS[push.status];
    console.log(`#${push.id}  ${formatStoreDateTime(push.criadoEm)}  ${subjectOf(push)}  "${push.titulo}"`);
    console.log(`   ${push.servico ?? 'aparelho removido'}: ${outcome}, ${push.tentativas} tentativa(s)`);
    if (push.ultimoErro && push.status !== 'sent') console.log(`   erro: ${push.ultimoErro}`);
  }
  return true;
};
