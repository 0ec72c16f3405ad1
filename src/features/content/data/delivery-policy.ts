import {
  DISPATCH_BUSINESS_DAYS,
  OPENING_HOURS_TEXT,
  PHYSICAL_STORE_COUNT,
  RETURN_WINDOW_DAYS,
  STORE_CITY,
  SUPPORT_EMAIL,
  SUPPORT_RESPONSE_DAYS,
  WHATSAPP_PHONE,
} from '../../../domain/store';
import { MOTOBOY_CUTOFF } from '../../../domain/shipping';
import type { Topic } from './topic';

/** The eight sections of the delivery policy, with the store's rules from src/domain/store.ts. */
export const DELIVERY_POLICY_SECTIONS: readonly Topic[] = [
  {
    title: '1. Prazo de despacho',
    paragraphs: [
      `Os pedidos são despachados em até ${DISPATCH_BUSINESS_DAYS} dias úteis após a confirmação do pagamento. Pagamentos por Pix são confirmados em instantes; pagamentos por cartão, após a aprovação da operadora.`,
      'A data prevista de entrega aparece na escolha da forma de envio e no acompanhamento do pedido em "Meus Pedidos".',
    ],
  },
  {
    title: '2. Frete e área de entrega',
    paragraphs: [
      'O valor e o prazo do frete são calculados pelo CEP de entrega, antes da finalização da compra, e variam conforme o peso, o volume e o destino dos produtos.',
      `Se o seu CEP estiver fora da área atendida, fale com a nossa equipe pelo WhatsApp ${WHATSAPP_PHONE} para combinarmos uma entrega especial.`,
    ],
  },
  {
    title: '3. Formas de envio',
    paragraphs: ['Conforme o endereço e os produtos, você pode escolher entre:'],
    items: [
      `Motoboy em ${STORE_CITY.name}: entrega no mesmo dia para pedidos confirmados em dias úteis até as ${MOTOBOY_CUTOFF}; confirmados depois desse horário, no próximo dia útil.`,
      `Entrega expressa: em até ${DISPATCH_BUSINESS_DAYS} dias úteis.`,
      'Transportadora: prazo informado no cálculo do frete.',
      `Retirada em loja, sem custo, em uma das nossas ${PHYSICAL_STORE_COUNT} lojas.`,
    ],
  },
  {
    title: '4. Recebimento do pedido',
    paragraphs: [
      'A entrega é feita no endereço informado no pedido, a qualquer pessoa maior de idade presente no local, mediante documento.',
      'Confira a embalagem no ato da entrega. Se ela estiver violada ou danificada, recuse o recebimento e fale com a nossa equipe.',
    ],
  },
  {
    title: '5. Tentativas de entrega',
    paragraphs: [
      'Se ninguém puder receber o pedido, uma nova tentativa de entrega é agendada. Após a segunda tentativa sem sucesso, o pedido é cancelado e o valor pago é estornado pela mesma forma de pagamento.',
    ],
  },
  {
    title: '6. Entrega impossível',
    paragraphs: [
      'Quando a entrega não puder ser feita por endereço incorreto, incompleto ou de acesso impossível, o pedido volta para a loja. Para um novo envio, é cobrado um novo valor de frete.',
    ],
  },
  {
    title: '7. Trocas e devoluções',
    paragraphs: [
      `A troca ou a devolução pode ser pedida em até ${RETURN_WINDOW_DAYS} dias após o recebimento, com o produto sem uso, na embalagem original e com a nota fiscal. Produtos com defeito seguem as regras de garantia.`,
    ],
  },
  {
    title: '8. Atendimento',
    paragraphs: [
      `Dúvidas sobre entregas são respondidas em até ${SUPPORT_RESPONSE_DAYS} dias pelo e-mail ${SUPPORT_EMAIL}, pela página de contato ou pelo WhatsApp ${WHATSAPP_PHONE}.`,
      `Horário de atendimento: ${OPENING_HOURS_TEXT}.`,
    ],
  },
];
