import { STORE_LEGAL_NAME, STORE_CNPJ, SUPPORT_EMAIL } from '../../../domain/store';
import type { Topic } from './topic';

/** The privacy policy, written to the Lei Geral de Proteção de Dados (Lei nº 13.709/2018). */
export const PRIVACY_SECTIONS: readonly Topic[] = [
  {
    title: 'Quem trata os seus dados',
    paragraphs: [
      `${STORE_LEGAL_NAME}, CNPJ ${STORE_CNPJ}, é a controladora dos dados pessoais tratados nesta loja, nos termos da Lei Geral de Proteção de Dados (LGPD, Lei nº 13.709/2018).`,
    ],
  },
  {
    title: 'Quais dados coletamos',
    paragraphs: ['Coletamos apenas o necessário para vender e entregar:'],
    items: [
      'Cadastro: nome ou razão social, CPF ou CNPJ, e-mail, telefones e senha (guardada de forma cifrada).',
      'Pedidos: endereço de entrega, produtos comprados, forma de envio e forma de pagamento.',
      'Pagamento por cartão: apenas a bandeira e os quatro últimos dígitos. O número completo e o código de segurança (CVV) não são guardados.',
      'Contato: as mensagens que você nos envia pela página de contato.',
    ],
  },
  {
    title: 'Para que usamos',
    paragraphs: [
      'Usamos os seus dados para executar o contrato de compra (processar o pedido, emitir a nota fiscal, entregar e prestar atendimento), cumprir obrigações legais e fiscais e prevenir fraudes. Não vendemos os seus dados.',
    ],
  },
  {
    title: 'Com quem compartilhamos',
    paragraphs: [
      'Compartilhamos somente o necessário com quem nos ajuda a concluir a sua compra: a instituição de pagamento, as transportadoras e os entregadores, e as autoridades, quando a lei exigir.',
    ],
  },
  {
    title: 'Cookies e armazenamento no navegador',
    paragraphs: [
      'Usamos um cookie de sessão, necessário para manter você conectado, e guardamos no seu navegador o carrinho e as etapas da compra, para que nada se perca sem conexão. Ao sair da conta, os dados pessoais guardados no navegador são apagados. Não usamos cookies de publicidade.',
    ],
  },
  {
    title: 'Por quanto tempo guardamos',
    paragraphs: [
      'Os dados ficam guardados enquanto a sua conta estiver ativa e pelo prazo exigido pela legislação fiscal e de defesa do consumidor. Depois disso, são eliminados ou anonimizados.',
    ],
  },
  {
    title: 'Seus direitos',
    paragraphs: ['A qualquer momento, você pode pedir:'],
    items: [
      'a confirmação de que tratamos os seus dados e o acesso a eles;',
      'a correção de dados incompletos, inexatos ou desatualizados;',
      'a anonimização, o bloqueio ou a eliminação de dados desnecessários;',
      'a portabilidade dos dados e informações sobre o compartilhamento;',
      'a revogação do consentimento, quando ele for a base do tratamento.',
    ],
  },
  {
    title: 'Segurança e contato',
    paragraphs: [
      'Protegemos os dados com conexão criptografada, senhas cifradas e acesso restrito às pessoas que precisam deles para atender você.',
      `Para exercer os seus direitos ou tirar dúvidas sobre esta política, escreva para ${SUPPORT_EMAIL}. Esta política pode ser atualizada; a versão em vigor é sempre a publicada nesta página.`,
    ],
  },
];
