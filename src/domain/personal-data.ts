import { CART_DATA, QUOTE_DATA, WORK_LIST_DATA } from './shopping-data';
import { STOCK_ALERT_DATA } from './stock-alert-data';

// The personal data the store keeps (LGPD, Lei 13.709/2018): one declaration that the privacy page
// lists, 'Baixar meus dados' exports and tests/api/customers/personal-data.test.ts holds against the
// database schema, so a table with personal columns that is not declared here fails that test.

/** The data protection officer (encarregado, LGPD art. 41), named on the privacy page. */
export const DATA_PROTECTION_OFFICER = {
  name: 'Marina Albuquerque Prado',
  email: 'privacidade@casaeobra.com.br',
} as const;

/**
 * How a row belongs to a customer, for the export: their id in `column`, an id of one of their
 * orders or push subscriptions, their e-mail or document as typed, or never (staff records).
 */
export type Holder =
  { by: 'customer' | 'order' | 'push-subscription' | 'email' | 'document'; column: string } | { by: 'staff' };

export interface DeclaredTable {
  table: string;
  /** The columns that hold or point to personal data. */
  personal: readonly string[];
  holder: Holder;
  /** Secrets kept only as hashes or keys: never exported. */
  withheld?: readonly string[];
}

export interface PersonalDataKind {
  key: string;
  title: string;
  what: string;
  purpose: string;
  legalBasis: string;
  retention: string;
  recipients: readonly string[];
  tables: readonly DeclaredTable[];
}

const CONTRACT = 'Execução de contrato (art. 7º, V)';
const FISCAL = 'Cumprimento de obrigação legal e fiscal (art. 7º, II)';
const OUR_SYSTEMS = 'o sistema de gestão da loja (DataSnap)';

export const PERSONAL_DATA: readonly PersonalDataKind[] = [
  {
    key: 'cadastro',
    title: 'Cadastro',
    what: 'Nome ou razão social, CPF ou CNPJ, e-mail, telefones e senha (guardada cifrada).',
    purpose: 'Identificar você, dar acesso à sua conta e falar com você sobre os seus pedidos.',
    legalBasis: CONTRACT,
    retention: 'Enquanto a conta existir; apagado ao excluir a conta.',
    recipients: [OUR_SYSTEMS],
    tables: [
      {
        table: 'customers',
        personal: ['doc', 'nome', 'email', 'fixo', 'celular', 'password_hash'],
        holder: { by: 'customer', column: 'id' },
        withheld: ['password_hash'],
      },
    ],
  },
  {
    key: 'enderecos',
    title: 'Endereços de entrega',
    what: 'CEP, rua, número, complemento, bairro, cidade e UF de cada pedido.',
    purpose: 'Calcular o frete e entregar a compra.',
    legalBasis: CONTRACT,
    retention:
      'Com o pedido; ao excluir a conta, rua, número, complemento e bairro são apagados (ficam CEP, cidade e UF, da nota fiscal).',
    recipients: ['a transportadora ou o entregador', OUR_SYSTEMS],
    tables: [
      {
        table: 'orders',
        personal: [
          'address_cep',
          'address_street',
          'address_number',
          'address_complement',
          'address_bairro',
          'address_cidade',
          'address_uf',
        ],
        holder: { by: 'customer', column: 'customer_id' },
      },
    ],
  },
  {
    key: 'pedidos',
    title: 'Pedidos',
    what: 'Produtos comprados, valores, frete, forma de pagamento, rastreio, o histórico de cada pedido e as desistências (com o motivo, se você o escreveu).',
    purpose: 'Vender, faturar, entregar e atender você.',
    legalBasis: FISCAL,
    retention: 'Cinco anos, pela legislação fiscal; ao excluir a conta, deixam de estar ligados ao seu nome.',
    recipients: [OUR_SYSTEMS, 'a transportadora (o rastreio)'],
    tables: [
      {
        table: 'orders',
        personal: ['customer_id', 'rastreio'],
        holder: { by: 'customer', column: 'customer_id' },
      },
      {
        table: 'checkout_keys',
        personal: ['customer_id'],
        holder: { by: 'customer', column: 'customer_id' },
      },
      { table: 'order_items', personal: ['order_id'], holder: { by: 'order', column: 'order_id' } },
      {
        table: 'order_events',
        personal: ['order_id', 'detail'],
        holder: { by: 'order', column: 'order_id' },
      },
      // A withdrawal's return (CDC art. 49): the reason the shopper typed, and where the goods go back.
      {
        table: 'order_returns',
        personal: ['order_id', 'reason'],
        holder: { by: 'order', column: 'order_id' },
      },
    ],
  },
  {
    key: 'cartao',
    title: 'Pagamentos com cartão',
    what: 'Somente a bandeira, os quatro últimos dígitos e a autorização. O número do cartão e o CVV nunca chegam à loja.',
    purpose: 'Cobrar, estornar e conciliar o pagamento.',
    legalBasis: FISCAL,
    retention: 'Cinco anos, com o pedido.',
    recipients: ['a instituição de pagamento do cartão'],
    tables: [
      {
        table: 'orders',
        personal: ['card_brand', 'card_last4', 'card_authorization'],
        holder: { by: 'customer', column: 'customer_id' },
      },
      {
        table: 'card_payments',
        personal: ['order_id', 'brand', 'last4'],
        holder: { by: 'order', column: 'order_id' },
      },
      { table: 'card_refunds', personal: ['order_id'], holder: { by: 'order', column: 'order_id' } },
    ],
  },
  {
    key: 'pix',
    title: 'Pagamentos por Pix',
    what: 'A cobrança, o Pix recebido e as devoluções. O seu nome e CPF ou CNPJ vão na cobrança ao banco.',
    purpose: 'Cobrar, devolver e conciliar o pagamento.',
    legalBasis: FISCAL,
    retention: 'Cinco anos, com o pedido.',
    recipients: ['a instituição de pagamento do Pix (nome e CPF ou CNPJ na cobrança)'],
    tables: [
      { table: 'pix_charges', personal: ['order_id'], holder: { by: 'order', column: 'order_id' } },
      { table: 'pix_received', personal: ['order_id'], holder: { by: 'order', column: 'order_id' } },
      { table: 'pix_refunds', personal: ['order_id'], holder: { by: 'order', column: 'order_id' } },
    ],
  },
  {
    key: 'sessoes',
    title: 'Sessões e segurança da conta',
    what: 'A sessão aberta (guardada só como resumo criptográfico), pedidos de nova senha e tentativas de entrada erradas.',
    purpose: 'Manter você conectado e proteger a conta contra acessos indevidos.',
    legalBasis: 'Legítimo interesse na segurança (art. 7º, IX)',
    retention: 'A sessão termina em até 24 horas; os pedidos de nova senha valem 20 minutos.',
    recipients: [],
    tables: [
      {
        table: 'sessions',
        personal: ['customer_id', 'id_hash'],
        holder: { by: 'customer', column: 'customer_id' },
        withheld: ['id_hash'],
      },
      {
        table: 'password_resets',
        personal: ['customer_id', 'token_hash'],
        holder: { by: 'customer', column: 'customer_id' },
        withheld: ['token_hash'],
      },
      { table: 'login_failures', personal: ['key'], holder: { by: 'document', column: 'key' } },
    ],
  },
  CART_DATA,
  {
    key: 'notificacoes',
    title: 'Notificações no aparelho',
    what: 'O endereço de notificação do navegador que você autorizou e os avisos enviados a ele.',
    purpose: 'Avisar sobre o andamento dos seus pedidos.',
    legalBasis: 'Consentimento (art. 7º, I): o navegador pergunta antes',
    retention: 'Até você sair da conta, recusar as notificações ou excluir a conta.',
    recipients: ['o serviço de notificações do seu navegador'],
    tables: [
      {
        table: 'push_subscriptions',
        personal: ['customer_id', 'endpoint', 'p256dh', 'auth'],
        holder: { by: 'customer', column: 'customer_id' },
        withheld: ['p256dh', 'auth'],
      },
      {
        table: 'push_outbox',
        personal: ['subscription_id', 'payload'],
        holder: { by: 'push-subscription', column: 'subscription_id' },
      },
    ],
  },
  STOCK_ALERT_DATA,
  QUOTE_DATA,
  WORK_LIST_DATA,
  {
    key: 'emails',
    title: 'E-mails enviados',
    what: 'Os e-mails que a loja enviou a você: endereço, assunto e texto.',
    purpose: 'Confirmar pedidos, avisar sobre eles e recuperar a senha. Não enviamos e-mail de propaganda.',
    legalBasis: CONTRACT,
    retention: 'Enquanto a conta existir; apagados ao excluir a conta.',
    recipients: ['o provedor de envio de e-mail'],
    tables: [
      {
        table: 'mail_outbox',
        personal: ['to_address', 'body', 'html'],
        holder: { by: 'email', column: 'to_address' },
      },
    ],
  },
  {
    key: 'contato',
    title: 'Mensagens de contato',
    what: 'Nome, telefone, e-mail e a mensagem enviados pela página de contato.',
    purpose: 'Responder ao seu contato.',
    legalBasis: 'Legítimo interesse em atender você (art. 7º, IX)',
    retention: 'Até o atendimento terminar; apagadas ao excluir a conta.',
    recipients: [],
    tables: [
      {
        table: 'contact_messages',
        personal: ['nome', 'telefone', 'email', 'message'],
        holder: { by: 'email', column: 'email' },
      },
    ],
  },
  {
    key: 'equipe',
    title: 'Equipe das lojas',
    what: 'Nome, loja, função e PIN (guardado cifrado) de vendedores e gerentes, e quem fez cada venda ou separação.',
    purpose: 'Dar acesso aos tablets das lojas e registrar quem atendeu.',
    legalBasis: 'Execução do contrato de trabalho (art. 7º, V)',
    retention: 'Enquanto a pessoa trabalhar na loja e pelo prazo da legislação trabalhista.',
    recipients: [],
    tables: [
      { table: 'store_staff', personal: ['name', 'pin_hash'], holder: { by: 'staff' } },
      { table: 'staff_sessions', personal: ['staff_id', 'id_hash'], holder: { by: 'staff' } },
      {
        table: 'orders',
        personal: ['sale_staff_id', 'pickup_separating_by', 'pickup_ready_by', 'picked_up_by'],
        holder: { by: 'staff' },
      },
      { table: 'order_events', personal: ['staff_id'], holder: { by: 'staff' } },
      { table: 'cart_handoffs', personal: ['staff_id'], holder: { by: 'staff' } },
      { table: 'price_quotes', personal: ['answered_by', 'answered_by_name'], holder: { by: 'staff' } },
    ],
  },
];

/**
 * @internal Columns whose names look personal but are not, each with its reason (the schema test
 * reads names like these as personal unless they are declared above or listed here).
 */
export const NOT_PERSONAL: Readonly<Record<string, string>> = {
  'brands.name': 'a marca de um produto',
  'order_items.name': 'o nome do produto comprado',
  'price_quote_lines.name': 'o nome do produto orçado',
  'orders.shipping_name': 'o nome da forma de envio',
  'pix_jobs.name': 'o nome de uma tarefa do servidor',
  'schema_migrations.name': 'o nome de uma migração do banco de dados',
};

/** @internal For the schema test: every declared table with its personal columns across the kinds. */
export function declaredColumns(): Map<string, Set<string>> {
  const columns = new Map<string, Set<string>>();
  for (const kind of PERSONAL_DATA)
    for (const entry of kind.tables) {
      const set = columns.get(entry.table) ?? new Set<string>();
      for (const column of entry.personal) set.add(column);
      columns.set(entry.table, set);
    }
  return columns;
}
