import { cardInterestPaidBy } from '../../../config/env';
import {
  DISPATCH_BUSINESS_DAYS,
  OPENING_HOURS_TEXT,
  PHYSICAL_STORE_COUNT,
  RETURN_WINDOW_DAYS,
  SUPPORT_EMAIL,
  SUPPORT_RESPONSE_DAYS,
  WHATSAPP_PHONE,
} from '../../../domain/store';
import { MOTOBOY_CUTOFF } from '../../../domain/shipping';
import { acceptedBrandsText } from '../../../domain/card';
import { cardTermsText, PIX_DISCOUNT_LABEL } from '../../../domain/payment-options';
import type { Topic } from './topic';

/** The FAQ topics, in their set order; the facts come from the domain modules imported above. */
export const FAQ_TOPICS: readonly Topic[] = [
  {
    title: 'Como comprar',
    paragraphs: [
      'Encontre o produto pela busca no topo da página ou pelo menu de categorias. Na página do produto, confira preço, fotos e descrição, calcule o frete pelo seu CEP e clique em comprar.',
      'No carrinho, ajuste as quantidades, calcule o frete e escolha a forma de envio. Depois clique em "Finalizar Compra", entre na sua conta (ou cadastre-se com CPF ou CNPJ) e siga as três etapas: endereço de entrega, forma de envio e forma de pagamento.',
      'Ao concluir, você recebe o número do pedido e pode acompanhá-lo em "Meus Pedidos".',
    ],
  },
  {
    title: 'Segurança',
    paragraphs: [
      'Todo o site usa conexão criptografada (HTTPS). Sua senha é guardada de forma cifrada e nunca é enviada por e-mail.',
      'Os dados do cartão são enviados diretamente para o processamento do pagamento: não guardamos o número do cartão nem o código de segurança (CVV).',
      'Não pedimos senhas ou códigos por telefone, WhatsApp ou e-mail. Em caso de dúvida, fale com a nossa equipe pelos canais oficiais.',
    ],
  },
  {
    title: 'Sobre o envio',
    paragraphs: [
      `O pedido é despachado em até ${DISPATCH_BUSINESS_DAYS} dias úteis após a confirmação do pagamento. O prazo e o valor do frete aparecem antes da compra, calculados pelo CEP de entrega.`,
      `Na nossa cidade há entrega por motoboy no mesmo dia (pedidos confirmados em dias úteis até as ${MOTOBOY_CUTOFF}) e retirada gratuita em uma das nossas ${PHYSICAL_STORE_COUNT} lojas. Para endereços fora da área atendida, chame a nossa equipe no WhatsApp ${WHATSAPP_PHONE} para combinar uma entrega especial.`,
    ],
  },
  {
    title: 'Pagamento',
    paragraphs: [
      `Aceitamos Pix e cartão de crédito (${acceptedBrandsText()}).`,
      `No Pix você tem ${PIX_DISCOUNT_LABEL}: o QR Code aparece na finalização do pedido e o pagamento é confirmado em instantes.`,
      `No cartão de crédito, ${cardTermsText(cardInterestPaidBy)}.`,
    ],
  },
  {
    title: 'Tempo de Garantia',
    paragraphs: [
      'Todos os produtos têm a garantia legal de 90 dias contra defeitos, prevista no Código de Defesa do Consumidor, somada à garantia do fabricante informada na embalagem ou no manual.',
      'Para acionar a garantia, guarde a nota fiscal e fale com a nossa equipe: orientamos o atendimento junto à assistência técnica do fabricante.',
    ],
  },
  {
    title: 'Trocas e Devoluções',
    paragraphs: [
      `Você pode pedir a troca ou a devolução em até ${RETURN_WINDOW_DAYS} dias após o recebimento, com o produto sem uso, na embalagem original e acompanhado da nota fiscal.`,
      `Para solicitar, envie uma mensagem pela página de contato ou para ${SUPPORT_EMAIL} informando o número do pedido. Respondemos em até ${SUPPORT_RESPONSE_DAYS} dias, no horário de atendimento: ${OPENING_HOURS_TEXT}.`,
    ],
  },
];
