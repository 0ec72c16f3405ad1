import type { PersonalDataKind } from './personal-data';

// The account's cart, 'Listas da obra' and quotes: their part of the one declaration of personal
// data (src/domain/personal-data.ts, decision 035), kept here so that file stays within its size.

const CONTRACT = 'Execução de contrato (art. 7º, V)';

export const CART_DATA: PersonalDataKind = {
  key: 'carrinho',
  title: 'Carrinho da conta',
  what: 'Os produtos, lotes e quantidades do seu carrinho, com a hora de cada mudança.',
  purpose: 'Mostrar o mesmo carrinho em todos os aparelhos em que você entrar na conta.',
  legalBasis: CONTRACT,
  retention: 'Enquanto a conta existir; apagado ao excluir a conta.',
  recipients: [],
  tables: [
    {
      table: 'customer_carts',
      personal: ['customer_id'],
      holder: { by: 'customer', column: 'customer_id' },
    },
    {
      table: 'customer_cart_lines',
      personal: ['customer_id'],
      holder: { by: 'customer', column: 'customer_id' },
    },
  ],
};

export const QUOTE_DATA: PersonalDataKind = {
  key: 'orcamentos',
  title: 'Orçamentos',
  what: 'Os produtos e quantidades de cada orçamento pedido, a loja, a entrega ou retirada (com o CEP), a sua observação e os preços respondidos.',
  purpose: 'Responder ao seu pedido de orçamento e vender pelos preços combinados.',
  legalBasis: 'Procedimentos preliminares a um contrato, a seu pedido (art. 7º, V)',
  retention:
    'Enquanto a conta existir; apagados ao excluir a conta (um pedido feito deles fica com os pedidos).',
  recipients: [],
  tables: [
    {
      table: 'price_quotes',
      personal: ['customer_id', 'cep', 'note'],
      holder: { by: 'customer', column: 'customer_id' },
    },
  ],
};

export const WORK_LIST_DATA: PersonalDataKind = {
  key: 'listas',
  title: 'Listas da obra',
  what: 'O nome de cada lista que você guardou na conta, com os produtos, lotes e quantidades.',
  purpose: 'Mostrar as suas listas em todos os aparelhos em que você entrar na conta.',
  legalBasis: CONTRACT,
  retention: 'Enquanto a conta existir; apagadas ao excluir a conta.',
  recipients: [],
  tables: [
    {
      table: 'work_lists',
      personal: ['customer_id', 'name'],
      holder: { by: 'customer', column: 'customer_id' },
    },
    {
      table: 'work_list_lines',
      personal: ['customer_id'],
      holder: { by: 'customer', column: 'customer_id' },
    },
    {
      table: 'work_list_merges',
      personal: ['customer_id'],
      holder: { by: 'customer', column: 'customer_id' },
    },
  ],
};
