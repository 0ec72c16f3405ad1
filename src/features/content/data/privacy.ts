import { HANDOFF_HOURS } from '../../../api/store-mode';
import { DATA_PROTECTION_OFFICER, PERSONAL_DATA, type PersonalDataKind } from '../../../domain/personal-data';
import { STORE_LEGAL_NAME, STORE_CNPJ, SUPPORT_EMAIL } from '../../../domain/store';
import type { Topic } from './topic';

/** One line of the list of personal data, from its declaration (src/domain/personal-data.ts). */
function describeKind(kind: PersonalDataKind): string {
  const shared = kind.recipients.length ? kind.recipients.join('; ') : 'ninguém fora da loja';
  return `${kind.title}: ${kind.what} Finalidade: ${kind.purpose} Base legal: ${kind.legalBasis}. Guarda: ${kind.retention} Compartilhado com: ${shared}.`;
}

const RECIPIENTS = [...new Set(PERSONAL_DATA.flatMap((kind) => kind.recipients))];

/** The privacy policy, written to the Lei Geral de Proteção de Dados (Lei nº 13.709/2018). */
export const PRIVACY_SECTIONS: readonly Topic[] = [
  {
    title: 'Quem trata os seus dados',
    paragraphs: [
      `${STORE_LEGAL_NAME}, CNPJ ${STORE_CNPJ}, é a controladora dos dados pessoais tratados nesta loja, nos termos da Lei Geral de Proteção de Dados (LGPD, Lei nº 13.709/2018).`,
    ],
  },
  {
    title: 'Quais dados guardamos',
    paragraphs: [
      'Guardamos apenas o necessário para vender, entregar e atender. Para cada dado: a finalidade, a base legal (art. 7º da LGPD), por quanto tempo fica guardado e com quem é compartilhado.',
    ],
    items: PERSONAL_DATA.map(describeKind),
  },
  {
    title: 'Com quem compartilhamos',
    paragraphs: [
      'Compartilhamos somente o necessário para concluir a sua compra, e com as autoridades quando a lei exigir. Não vendemos os seus dados.',
    ],
    items: RECIPIENTS.map((recipient) => recipient.charAt(0).toUpperCase() + recipient.slice(1) + '.'),
  },
  {
    title: 'Cookies, notificações e e-mails',
    paragraphs: [
      `Para você, cliente, a loja grava um único cookie: o de sessão, necessário para manter você conectado. Só se um vendedor de uma das nossas lojas passar um carrinho para o seu celular, um segundo cookie guarda por até ${HANDOFF_HOURS} horas qual vendedor atendeu você. Não usamos cookies de publicidade nem de análise.`,
      'No navegador, guardamos o carrinho e as etapas da compra, para que nada se perca sem conexão; ao sair da conta, os dados pessoais guardados no navegador são apagados.',
      'As notificações no aparelho só são ativadas se você permitir quando o navegador perguntar. Não enviamos e-mails de propaganda: só os do seu pedido, da sua conta e das suas mensagens.',
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
    title: 'Baixar ou excluir os seus dados',
    paragraphs: [
      "Na Minha conta, 'Baixar meus dados' entrega um arquivo com tudo o que guardamos sobre você. 'Excluir minha conta' apaga na hora o seu cadastro, endereços, e-mails, mensagens, sessões e notificações; os pedidos ficam guardados pelos cinco anos que a legislação fiscal exige, sem o seu nome, CPF ou CNPJ, e-mail ou telefone. Com um pedido em andamento, a conta pode ser excluída depois que ele for entregue, retirado ou cancelado.",
    ],
  },
  {
    title: 'Encarregado pela proteção de dados',
    paragraphs: [
      `O encarregado pelo tratamento de dados pessoais (art. 41 da LGPD) é ${DATA_PROTECTION_OFFICER.name}, que atende pelo e-mail ${DATA_PROTECTION_OFFICER.email}.`,
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
