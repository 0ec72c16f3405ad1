import { existsSync, readFileSync } from 'node:fs';
import { PIX_USAGE, runPixCommand } from './cli-pix';
import { PUSH_USAGE, runNotificationCommand } from './cli-notifications';
import { runStaffCommand, STAFF_USAGE } from './cli-staff';
import { RETURNS_USAGE, runReturnCommand } from './cli-returns';
import { readConfig } from './config';
import { ADMIN_PREFIX, adminTokenPath } from './routes/admin';
import type { AdminCall } from './cli-admin';
import { formatBRL } from '../domain/money';
import { formatStoreDateTime } from '../domain/store-calendar';
import { runStoreModeCommand, STORE_MODE_USAGE } from './cli-store-mode';
import { FIELD_USAGE, runFieldCommand } from './cli-field-measurement';

// Staff and sandbox commands: `npm run store -- <command>`. They talk to the RUNNING server's
// loopback-only /admin endpoints (the embedded database can be open in one process only).

const USAGE = `Uso: npm run store -- <comando> [opções]

Comandos:
  mail:latest [--limit N]                  últimos e-mails do outbox (com os links de redefinição)
  order:advance <pedido> [--rastreio COD]  avança o pedido uma etapa; opcionalmente grava o rastreio
  order:invoice <pedido>                   fatura o pedido (Pedido Faturado); captura o cartão autorizado
  order:cancel <pedido>                    cancela um pedido ainda não despachado (devolve o estoque)
  order:remove-line <pedido> <codigo>      retira um item sem estoque de um pedido pago e devolve o valor dele
${RETURNS_USAGE}${PIX_USAGE}${PUSH_USAGE}${STORE_MODE_USAGE}${STAFF_USAGE}${FIELD_USAGE}
Opções:
  --url URL      servidor (padrão http://127.0.0.1:PORT)
  --token TOKEN  token de administração (padrão: ADMIN_TOKEN ou DATA_DIR/admin-token)
`;

interface Parsed {
  command?: string;
  positional: string[];
  options: Record<string, string>;
}

/** The outbox row's SMTP state, as staff read it. */
function deliveryText(message: {
  delivery: 'pending' | 'sent' | 'failed' | null;
  sentAt: string | null;
  attempts: number;
  lastError: string | null;
}): string {
  const error = message.lastError ? ` (último erro: ${message.lastError})` : '';
  switch (message.delivery) {
    case null:
      return 'só registrado (sem SMTP_URL)';
    case 'sent':
      return `enviado em ${message.sentAt ? formatStoreDateTime(message.sentAt) : ''}`;
    case 'pending':
      return `pendente, ${message.attempts} tentativa(s)${error}`;
    case 'failed':
      return `falhou após ${message.attempts} tentativas${error}`;
  }
}

function parseArgs(argv: string[]): Parsed {
  const parsed: Parsed = { positional: [], options: {} };
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split('=', 2);
      parsed.options[name] = inline ?? argv[++index] ?? '';
    } else if (!parsed.command) parsed.command = arg;
    else parsed.positional.push(arg);
  }
  return parsed;
}

function adminToken(options: Record<string, string>, dataDir: string, fromEnv?: string): string {
  if (options.token) return options.token;
  if (fromEnv) return fromEnv;
  const file = adminTokenPath(dataDir);
  if (!existsSync(file))
    throw new Error(
      `Token não encontrado em ${file}. O servidor está rodando (npm start) com este DATA_DIR?`,
    );
  return readFileSync(file, 'utf8').trim();
}

async function admin(base: string, token: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  let response: Response;
  try {
    response = await fetch(`${base}${ADMIN_PREFIX}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new Error(`Servidor não encontrado em ${base}. Inicie-o com npm start (ou informe --url).`);
  }
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new Error(String(answer.resposta ?? `HTTP ${response.status}`));
  return answer;
}

function orderId(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0) throw new Error('Informe o número do pedido.');
  return id;
}

async function main(): Promise<void> {
  const { command, positional, options } = parseArgs(process.argv.slice(2));
  if (!command || command === 'help' || options.help !== undefined) {
    process.stdout.write(USAGE);
    return;
  }
  const config = readConfig();
  const base = (options.url || `http://127.0.0.1:${config.PORT}`).replace(/\/$/, '');
  const token = adminToken(options, config.DATA_DIR, config.ADMIN_TOKEN);

  const call: AdminCall = (method, path, body) => admin(base, token, method, path, body);
  for (const group of [
    runPixCommand,
    runNotificationCommand,
    runStaffCommand,
    runStoreModeCommand,
    runReturnCommand,
    runFieldCommand,
  ])
    if (await group(command, positional, options, call)) return;
  switch (command) {
    case 'mail:latest': {
      const limit = Number(options.limit ?? 5) || 5;
      const answer = (await admin(base, token, 'GET', `/mail/latest?limit=${limit}`)) as {
        mensagens: {
          id: number;
          to: string;
          subject: string;
          body: string;
          createdAt: string;
          links: string[];
          delivery: 'pending' | 'sent' | 'failed' | null;
          sentAt: string | null;
          attempts: number;
          lastError: string | null;
        }[];
      };
      if (answer.mensagens.length === 0) console.log('Nenhum e-mail no outbox.');
      for (const message of answer.mensagens) {
        console.log(`#${message.id}  ${formatStoreDateTime(message.createdAt)}  para: ${message.to}`);
        console.log(`Assunto: ${message.subject}`);
        console.log(`Entrega: ${deliveryText(message)}`);
        for (const link of message.links) console.log(`Link: ${link}`);
        console.log(`\n${message.body}\n${'-'.repeat(72)}`);
      }
      return;
    }
    case 'order:advance': {
      const id = orderId(positional[0]);
      const answer = await admin(base, token, 'POST', `/orders/${id}/advance`, {
        rastreio: options.rastreio,
      });
      console.log(
        `Pedido ${answer.id}: ${answer.status} (etapa ${answer.currentStepIndex})` +
          (answer.rastreio ? `, rastreio ${answer.rastreio}` : ''),
      );
      return;
    }
    case 'order:invoice': {
      const id = orderId(positional[0]);
      const answer = await admin(base, token, 'POST', `/orders/${id}/invoice`, {});
      console.log(`Pedido ${answer.id}: ${answer.status} (etapa ${answer.currentStepIndex})`);
      return;
    }
    case 'order:remove-line': {
      const id = orderId(positional[0]);
      const codigo = Number(positional[1]);
      if (!Number.isInteger(codigo) || codigo <= 0) throw new Error('Informe o código do produto.');
      const answer = await admin(base, token, 'POST', `/orders/${id}/lines/${codigo}/remove`, {});
      const removed = answer.removido as { nome: string; quantidade: number };
      const amount = formatBRL(Number(answer.devolvidoCentavos));
      console.log(
        `Pedido ${answer.id}: retirado ${removed.nome} (${removed.quantidade}); ${amount} devolvido(s) por ${answer.meio}`,
      );
      return;
    }
    case 'order:cancel': {
      const id = orderId(positional[0]);
      const answer = await admin(base, token, 'POST', `/orders/${id}/cancel`, {});
      console.log(`Pedido ${answer.id}: ${answer.status}`);
      return;
    }
    default:
      process.stderr.write(`Comando desconhecido: ${command}\n\n${USAGE}`);
      process.exitCode = 2;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
