import {
  DISPATCH_BUSINESS_DAYS,
  OPENING_HOURS_TEXT,
  PHYSICAL_STORE_COUNT,
  REGISTRATION_LINE,
  STORE_NAME,
  SUPPORT_EMAIL,
  SUPPORT_PHONE,
  SUPPORT_RESPONSE_DAYS,
  WHATSAPP_PHONE,
} from '../../../domain/store';
import { MAX_INSTALLMENTS, PIX_DISCOUNT_LABEL } from '../../../domain/payment-options';
import { WITHDRAWAL_DAYS, WITHDRAWAL_TERMS } from '../../../domain/withdrawal';
import type { Topic } from './topic';

/** The terms of a purchase (Decreto 7.962/2013 arts. 2 and 4), with the store's rules from src/domain. */
export const TERMS_SECTIONS: readonly Topic[] = [
  {
    title: '1. Quem vende',
    paragraphs: [
      `${REGISTRATION_LINE}.`,
      `Atendimento: telefone ${SUPPORT_PHONE}, WhatsApp ${WHATSAPP_PHONE}, e-mail ${SUPPORT_EMAIL}. ${OPENING_HOURS_TEXT}.`,
    ],
  },
  {
    title: '2. Produtos e preços',
    paragraphs: [
      `Os preços, as promoções e as condições valem para compras no site e no aplicativo da ${STORE_NAME}. O preço de cada item e o total são os mostrados no último passo da compra, antes da confirmação.`,
      'Produtos vendidos por m² são vendidos em caixas inteiras: a quantidade de m² é arredondada para cima.',
    ],
  },
  {
    title: '3. Pagamento',
    paragraphs: ['Formas de pagamento:'],
    items: [
      `PIX à vista, com ${PIX_DISCOUNT_LABEL}: o pedido é confirmado quando o pagamento chega, e cancelado se o código expirar sem pagamento.`,
      `Cartão de crédito em até ${MAX_INSTALLMENTS}x: as parcelas com juros mostram a taxa ao mês e ao ano, o custo efetivo total (CET) e o total antes da confirmação.`,
    ],
  },
  {
    title: '4. Entrega e retirada',
    paragraphs: [
      `O frete e o prazo são calculados pelo CEP antes da confirmação. Os pedidos são despachados em até ${DISPATCH_BUSINESS_DAYS} dias úteis após a confirmação do pagamento, ou podem ser retirados sem custo em uma das nossas ${PHYSICAL_STORE_COUNT} lojas.`,
    ],
  },
  {
    title: '5. Direito de arrependimento',
    paragraphs: [
      WITHDRAWAL_TERMS,
      `Antes do envio, o pedido é cancelado. Depois do envio e até ${WITHDRAWAL_DAYS} dias após o recebimento, você escolhe se buscamos os produtos no endereço de entrega ou se prefere deixá-los em uma das nossas lojas. O valor é devolvido na hora do pedido de desistência: no cartão, pedimos à operadora o cancelamento da cobrança de todas as parcelas; no PIX, devolvemos à conta de onde veio o pagamento.`,
      'Você recebe por e-mail a confirmação do pedido de desistência assim que ele é feito.',
    ],
  },
  {
    title: '6. Produtos com defeito',
    paragraphs: [
      'Um defeito pode ser reclamado em até 30 dias (produtos não duráveis) ou 90 dias (duráveis) após o recebimento, ou após a descoberta de um defeito oculto (CDC art. 26), pelo nosso atendimento: conserto, troca, abatimento do preço ou devolução do valor pago.',
    ],
  },
  {
    title: '7. Atendimento',
    paragraphs: [
      `Dúvidas, reclamações e pedidos sobre uma compra: ${SUPPORT_EMAIL}, ${SUPPORT_PHONE} ou WhatsApp ${WHATSAPP_PHONE}. Respondemos em até ${SUPPORT_RESPONSE_DAYS} dias.`,
    ],
  },
];
