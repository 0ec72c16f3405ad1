import { formatBRL } from '../../../domain/money';
import { partialWithdrawalText } from '../../../domain/withdrawal';
import { TRACKER_STAGES } from '../../../domain/order-tracker';
import {
  PHYSICAL_STORES,
  REGISTRATION_LINE,
  STORE_NAME,
  SUPPORT_EMAIL,
  trackingUrl,
} from '../../../domain/store';
import type { OrderEvent, RefundedCard } from '../order-events';

// What the shopper is told about an order event: the push (title and body, nothing personal beyond
// the order number, the stage and the store's name) and the e-mail (subject, plain text and HTML).
// An event that tells the shopper nothing (a superseded order, a refund under way) has neither.

export interface OrderFacts {
  id: number;
  /** The customer's first name, for the e-mail's greeting only (never in a push). */
  firstName: string;
  /** What the shopper pays, centavos: the Pix price, or the card's total with its interest. */
  amountDue: number;
  paymentMethod: 'pix' | 'card';
  installments: number;
  /** The 'placed' e-mail only: the contract's summary (contract-summary.ts). */
  contract?: string[];
  /** The 'placed' e-mail only: the orders of the same checkout this one replaced. */
  replaces?: number[];
}

export interface PushText {
  title: string;
  body: string;
}

export interface OrderMail {
  subject: string;
  /** The message's lines (paragraphs), before the link and the store's signature. */
  lines: string[];
}

const storeName = (id: number) => PHYSICAL_STORES.find((store) => store.id === id)?.name ?? `Loja ${id}`;

const sinceTime = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });

const CANCEL_REASONS = {
  expired: 'o prazo do PIX terminou sem pagamento',
  staff: 'a loja cancelou o pedido',
  withdrawn: 'você desistiu da compra',
} as const;

/** The tracker stages a push tells (stage 0 is the payment itself, told as 'paid'). */
function stagePush(order: OrderFacts, stepIndex: number, rastreio?: string | null): PushText | null {
  const n = order.id;
  const code = rastreio ? ` Código de rastreio: ${rastreio}.` : '';
  switch (TRACKER_STAGES[stepIndex]) {
    case 'Pedido Faturado':
      return { title: 'Pedido faturado', body: `Pedido ${n}: estamos separando os seus produtos.` };
    case 'Emissão Nota Fiscal':
      return { title: 'Nota fiscal emitida', body: `Pedido ${n}: a nota fiscal foi emitida.` };
    case 'Pedido Despachado':
      return { title: 'Pedido enviado', body: `Pedido ${n} foi despachado.${code}` };
    case 'Saiu para entrega':
      return { title: 'Seu pedido saiu para entrega', body: `Pedido ${n} chega hoje.${code}` };
    case 'Pedido Entregue':
      return { title: 'Pedido entregue', body: `Pedido ${n} foi entregue. Obrigado pela compra!` };
    default:
      return null;
  }
}

export function pushFor(order: OrderFacts, event: OrderEvent): PushText | null {
  const n = order.id;
  switch (event.kind) {
    case 'paid':
      return { title: 'Pagamento confirmado', body: `Pedido ${n}: recebemos o seu pagamento.` };
    case 'stage':
      return stagePush(order, event.stepIndex, event.rastreio);
    case 'ready_for_pickup':
      return {
        title: `Pronto para retirada na ${storeName(event.store)}`,
        body: `Pedido ${n}: traga um documento com o CPF ou CNPJ da compra.`,
      };
    case 'cancelled':
      return event.reason === 'superseded'
        ? null
        : { title: 'Pedido cancelado', body: `Pedido ${n} cancelado: ${CANCEL_REASONS[event.reason]}.` };
    case 'withdrawal_requested':
      return {
        title: 'Desistência recebida',
        body: `Pedido ${n}: recebemos o seu pedido de desistência. Devolvemos ${formatBRL(event.amountCentavos)}.`,
      };
    case 'line_removed':
      return {
        title: 'Item retirado do pedido',
        body: `Pedido ${n}: ${event.name} ficou sem estoque. Devolvemos ${formatBRL(event.amountCentavos)}.`,
      };
    case 'refunded':
      return {
        title: 'Valor devolvido',
        body: event.card
          ? `Pedido ${n}: ${cardRefundWords(event.amountCentavos, event.card)}`
          : `Pedido ${n}: devolvemos ${formatBRL(event.amountCentavos)} à sua conta.`,
      };
    default:
      return null;
  }
}

/** 'estornamos R$ 343,68 no cartão Visa final 1111 (todas as 8 parcelas).' */
function cardRefundWords(amountCentavos: number, card: RefundedCard): string {
  const where = `no cartão ${card.brand} final ${card.last4}`;
  if (card.how === 'cancel')
    return `Cancelamos a cobrança de ${formatBRL(amountCentavos)} ${where}: nada será lançado na fatura.`;
  const parts = card.installments > 1 ? ` (todas as ${card.installments} parcelas)` : '';
  return `Estornamos ${formatBRL(amountCentavos)} ${where}${parts}.`;
}

export function mailFor(order: OrderFacts, event: OrderEvent): OrderMail | null {
  const n = order.id;
  switch (event.kind) {
    case 'placed':
      return {
        subject: `Pedido ${n} recebido`,
        lines: [
          `Recebemos o seu pedido ${n}, de ${formatBRL(order.amountDue)}.`,
          ...(order.replaces ?? []).map(
            (old) =>
              `Ele substitui o pedido ${old}, da mesma compra, que foi cancelado: não pague o PIX do pedido ${old}. ` +
              'Se ele já tiver sido pago, devolvemos o valor.',
          ),
          event.pixExpiresAt
            ? `Pague o PIX até ${sinceTime(event.pixExpiresAt)}: depois disso o código expira e o pedido é cancelado.`
            : `Pagamento no cartão em ${event.installments ?? order.installments}x.`,
          ...(order.contract ?? []),
        ],
      };
    case 'paid':
      return {
        subject: `Pedido ${n}: pagamento confirmado`,
        lines: [`O pagamento do pedido ${n} foi confirmado. Agora preparamos os seus produtos.`],
      };
    case 'stage':
      if (TRACKER_STAGES[event.stepIndex] !== 'Pedido Despachado') return null;
      return {
        subject: `Pedido ${n} enviado`,
        lines: [
          `O pedido ${n} foi despachado.`,
          event.rastreio
            ? `Código de rastreio: ${event.rastreio}. Rastreie a entrega: ${trackingUrl(event.rastreio)}`
            : 'Acompanhe a entrega na página do pedido.',
        ],
      };
    case 'ready_for_pickup':
      return {
        subject: `Pedido ${n} pronto para retirada na ${storeName(event.store)}`,
        lines: [
          `O pedido ${n} está pronto para retirada na ${storeName(event.store)}.`,
          'Traga um documento com o CPF ou CNPJ da compra e o número do pedido.',
        ],
      };
    case 'cancelled':
      if (event.reason === 'superseded') return null;
      return {
        subject: `Pedido ${n} cancelado`,
        lines: [`O pedido ${n} foi cancelado: ${CANCEL_REASONS[event.reason]}.`],
      };
    case 'withdrawal_requested':
      return withdrawalReceipt(order, event);
    case 'line_removed':
      return {
        subject: `Pedido ${n}: item retirado`,
        lines: [
          `O produto ${event.name} (quantidade ${event.quantity}) ficou sem estoque e foi retirado do pedido ${n}.`,
          event.card
            ? `Estornaremos ${formatBRL(event.amountCentavos)} no cartão ${event.card.brand} final ${event.card.last4}: ` +
              'o crédito aparece na fatura em até duas faturas, conforme o banco emissor.'
            : `Devolveremos ${formatBRL(event.amountCentavos)} por PIX à conta de onde veio o pagamento, em instantes.`,
          'Avisaremos quando a devolução for concluída; ela também aparece na página do pedido.',
        ],
      };
    case 'refunded':
      return {
        subject: `Pedido ${n}: valor devolvido`,
        lines: event.card
          ? [
              cardRefundWords(event.amountCentavos, event.card),
              'O crédito aparece na fatura do cartão em até duas faturas, conforme o banco emissor.',
            ]
          : [
              `Devolvemos ${formatBRL(event.amountCentavos)} do pedido ${n} à conta de onde veio o pagamento.`,
            ],
      };
    default:
      return null;
  }
}

/** Decreto 7.962/2013 art. 5 § 3: the receipt of the withdrawal, at once. */
function withdrawalReceipt(
  order: OrderFacts,
  event: Extract<OrderEvent, { kind: 'withdrawal_requested' }>,
): OrderMail {
  const n = order.id;
  return {
    subject: `Pedido ${n}: recebemos a sua desistência`,
    lines: [
      `Recebemos em ${sinceTime(new Date().toISOString())} o seu pedido de desistência da compra ${n} (CDC art. 49).`,
      event.how === 'cancel'
        ? 'O pedido foi cancelado antes do envio.'
        : 'A devolução dos produtos foi aberta: veja na página do pedido como entregá-los.',
      event.kept?.length
        ? partialWithdrawalText(formatBRL(event.amountCentavos), event.kept)
        : `Devolvemos ${formatBRL(event.amountCentavos)}, frete incluído, pela mesma forma de pagamento` +
          (order.paymentMethod === 'card'
            ? ': pedimos à operadora o cancelamento da cobrança no cartão.'
            : '.'),
      ...(event.reason ? [`Motivo informado: ${event.reason}`] : []),
    ],
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A link of an e-mail: its plain-text lead ('Veja o pedido') and its HTML label ('Ver o pedido'). */
export interface MailLink {
  url: string;
  text: string;
  html: string;
}

/** The e-mail's plain and HTML parts: greeting, lines, the links, the store's signature. */
export function renderStoreMail(mail: OrderMail, greeting: string, links: readonly MailLink[]) {
  const signature = [`${STORE_NAME}`, REGISTRATION_LINE, `Dúvidas: ${SUPPORT_EMAIL}`];
  const text = [
    greeting,
    '',
    ...mail.lines,
    ...links.flatMap((link) => ['', `${link.text}: ${link.url}`]),
    '',
    '--',
    ...signature,
  ].join('\n');
  const paragraph = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const html = [
    '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">',
    `<title>${escapeHtml(mail.subject)}</title></head>`,
    '<body style="font-family:system-ui,Arial,sans-serif;color:#212529;line-height:1.5">',
    paragraph(greeting),
    ...mail.lines.map(paragraph),
    ...links.map(
      (link) => `<p><a href="${escapeHtml(link.url)}" style="color:#c92a2a">${escapeHtml(link.html)}</a></p>`,
    ),
    `<hr><p style="font-size:13px;color:#495057">${signature.map(escapeHtml).join('<br>')}</p>`,
    '</body></html>',
  ].join('\n');
  return { text, html };
}

/** An order's e-mail: greeting by first name, lines, the order's link, the store's signature. */
export function renderOrderMail(mail: OrderMail, firstName: string, orderUrl: string) {
  return renderStoreMail(mail, `Olá, ${firstName}!`, [
    { url: orderUrl, text: 'Veja o pedido', html: 'Ver o pedido' },
  ]);
}
