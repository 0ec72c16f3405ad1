import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import {
  COB_ACTIVE,
  COB_PAID,
  amountToCentavos,
  centavosToAmount,
  type ReceivedPix,
} from '../services/payments/pix/api-pix';
import { locationOf } from './br-code';
import { endToEndId, findCob, findPix, insertPix, moveCob, webhookOf } from './records';

// A payment provider (PSP) as the store sees it through API Pix, bundled so that `npm start` takes
// Pix payments with no account anywhere: its own HTTP server (api.ts) with its own OAuth client,
// tables of its own, webhook calls like a PSP's, and the payer's side (`pay`), which refuses an
// expired or removed code as a bank app would. Tests also steer its faults.

export interface EmulatorCredentials {
  clientId: string;
  clientSecret: string;
}

/** The API calls a test can make fail (503) or answer late. */
export type EmulatorRoute =
  | 'POST /oauth/token'
  | 'PUT /cob'
  | 'GET /cob'
  | 'PATCH /cob'
  | 'GET /pix'
  | 'GET /pix/e2eid'
  | 'PUT /devolucao'
  | 'GET /devolucao'
  | 'PUT /webhook';

export class EmulatorFaults {
  private failing = new Map<EmulatorRoute, number>();
  private late = new Map<EmulatorRoute, { count: number; ms: number }>();
  /** Webhook calls to lose, to send again (each this many more times), or to hold for `flushWebhooks`. */
  dropWebhooks = 0;
  repeatWebhooks = 0;
  holdWebhooks = false;
  webhookDelayMs = 0;

  /** The next `count` calls of `route` answer 503 ServicoIndisponivel without doing anything. */
  failNext(route: EmulatorRoute, count = 1) {
    this.failing.set(route, count);
  }

  /** The next `count` calls of `route` do their work, then answer only after `ms`. */
  answerLate(route: EmulatorRoute, ms: number, count = 1) {
    this.late.set(route, { count, ms });
  }

  takeFailure(route: EmulatorRoute): boolean {
    const left = this.failing.get(route) ?? 0;
    if (left > 0) this.failing.set(route, left - 1);
    return left > 0;
  }

  takeDelay(route: EmulatorRoute): number {
    const late = this.late.get(route);
    if (!late || late.count <= 0) return 0;
    late.count -= 1;
    return late.ms;
  }
}

export class PayRefused extends Error {}

export interface EmulatorOptions {
  db: Db;
  credentials: EmulatorCredentials;
  /** The receiver's Pix key: the only key charges may name. */
  pixKey: string;
  merchantName: string;
  merchantCity: string;
  /** Pay every charge this long after it was opened (demonstrations); 0: never. */
  autoConfirmSeconds: number;
  /** How long a refund stays EM_PROCESSAMENTO before it is DEVOLVIDO. */
  refundSettleMs: number;
  log: FastifyBaseLogger;
}

const TOKEN_SECONDS = 3600;
export const TOKEN_SCOPES = 'cob.write cob.read pix.write pix.read webhook.write webhook.read';

export class PixEmulatorCore {
  readonly faults = new EmulatorFaults();
  private held = new Map<string, ReceivedPix[]>();
  private timers = new Set<NodeJS.Timeout>();

  constructor(readonly options: EmulatorOptions) {}

  /** OAuth2 client credentials: a token when the client id and secret are the emulator's. */
  issueToken(clientId: string, clientSecret: string): string | undefined {
    const expected = this.options.credentials;
    if (!same(clientId, expected.clientId) || !same(clientSecret, expected.clientSecret)) return undefined;
    const expires = Math.floor(Date.now() / 1000) + TOKEN_SECONDS;
    return `${expires}.${this.sign(String(expires))}`;
  }

  isTokenValid(token: string): boolean {
    const [expires, signature] = token.split('.');
    if (!expires || !signature || !same(signature, this.sign(expires))) return false;
    return Number(expires) * 1000 > Date.now();
  }

  get tokenSeconds() {
    return TOKEN_SECONDS;
  }

  private sign(text: string): string {
    return createHmac('sha256', this.options.credentials.clientSecret).update(text).digest('base64url');
  }

  /** After a later run of the emulator, timers set in this one are gone: auto-payment is lazy too. */
  scheduleAutoPayment(txid: string) {
    const seconds = this.options.autoConfirmSeconds;
    if (seconds <= 0) return;
    this.later(seconds * 1000, () => this.payIfDue(txid));
  }

  /** Demonstrations: a charge older than PIX_AUTO_CONFIRM_SECONDS is paid when it is read. */
  async payIfDue(txid: string): Promise<void> {
    const seconds = this.options.autoConfirmSeconds;
    if (seconds <= 0) return;
    const cob = await findCob(this.options.db, { txid });
    if (cob?.status !== COB_ACTIVE || Date.now() - cob.createdAt.getTime() < seconds * 1000) return;
    await this.pay({ code: txid }).catch(() => undefined);
  }

  /**
   * The payer's bank: pays a charge by txid or by its copia e cola, for its amount or (`--valor`)
   * another. Refused, as a bank refuses it, when the charge is unknown, paid, removed or expired.
   */
  async pay(input: { code: string; amountCentavos?: number }): Promise<ReceivedPix> {
    const db = this.options.db;
    const code = input.code.trim();
    const location = code.startsWith('000201') ? locationOf(code) : undefined;
    if (code.startsWith('000201') && !location) throw new PayRefused('Código PIX inválido.');
    const cob = await findCob(db, location ? { location } : { txid: code });
    if (!cob) throw new PayRefused('Cobrança não encontrada.');
    if (cob.status === COB_PAID) throw new PayRefused('Esta cobrança já foi paga.');
    if (cob.status !== COB_ACTIVE) throw new PayRefused('Esta cobrança foi removida pelo recebedor.');
    if (cob.expiresAt.getTime() <= Date.now()) throw new PayRefused('Esta cobrança expirou.');
    if (
      input.amountCentavos !== undefined &&
      !(Number.isInteger(input.amountCentavos) && input.amountCentavos > 0)
    )
      throw new PayRefused('Valor inválido.');
    // The amount of the charge as it is paid: a revision just before the payment counts.
    const paid = await moveCob(db, cob.txid, COB_ACTIVE, COB_PAID);
    if (!paid) throw new PayRefused('Esta cobrança não está mais disponível para pagamento.');
    const now = new Date();
    const valor = centavosToAmount(input.amountCentavos ?? amountToCentavos(paid.valor.original));
    const pix: ReceivedPix = {
      endToEndId: endToEndId(now),
      txid: cob.txid,
      valor,
      chave: this.options.pixKey,
      horario: now.toISOString(),
      infoPagador: 'Pagamento pelo emulador de PIX',
      componentesValor: { original: { valor } },
    };
    await insertPix(db, pix);
    this.notify([pix]);
    return pix;
  }

  /** Tells the webhook of the refund's Pix once the refund settles, as a PSP does. */
  scheduleRefundNotice(endToEndId: string) {
    this.later(this.options.refundSettleMs + 10, async () => {
      const pix = await findPix(this.options.db, endToEndId);
      if (pix) this.notify([pix]);
    });
  }

  /** Sends a webhook call of these Pix, subject to the faults set. */
  notify(pix: ReceivedPix[]) {
    const faults = this.faults;
    if (faults.dropWebhooks > 0) {
      faults.dropWebhooks -= 1;
      this.options.log.info({ count: pix.length }, 'pix emulator: webhook call dropped');
      return;
    }
    if (faults.holdWebhooks) {
      const chave = this.options.pixKey;
      this.held.set(chave, [...(this.held.get(chave) ?? []), ...pix]);
      return;
    }
    const times = 1 + faults.repeatWebhooks;
    this.later(faults.webhookDelayMs, async () => {
      for (let time = 0; time < times; time += 1) await this.send(pix);
    });
  }

  /** Sends every held webhook call as one batch. */
  async flushWebhooks(): Promise<void> {
    const pix = this.held.get(this.options.pixKey) ?? [];
    this.held.delete(this.options.pixKey);
    if (pix.length) await this.send(pix);
  }

  private async send(pix: ReceivedPix[]): Promise<void> {
    const url = await webhookOf(this.options.db, this.options.pixKey);
    if (!url) return;
    try {
      const response = await fetch(`${url.replace(/\/$/, '')}/pix`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pix }),
        signal: AbortSignal.timeout(5000),
      });
      this.options.log.info({ status: response.status, count: pix.length }, 'pix emulator: webhook called');
    } catch (error) {
      this.options.log.warn({ err: error }, 'pix emulator: webhook call failed');
    }
  }

  private later(ms: number, work: () => Promise<void>) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      work().catch((error) => this.options.log.warn({ err: error }, 'pix emulator: background work failed'));
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  stop() {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function newEmulatorCredentials(): EmulatorCredentials {
  return {
    clientId: `emulador-${randomBytes(6).toString('hex')}`,
    clientSecret: randomBytes(24).toString('base64url'),
  };
}
