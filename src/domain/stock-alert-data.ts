import type { PersonalDataKind } from './personal-data';

// 'Avise-me quando chegar' (issue 41): its part of the one declaration of personal data
// (src/domain/personal-data.ts, decision 035), kept here so that file stays within its size.

export const STOCK_ALERT_DATA: PersonalDataKind = {
  key: 'avisos-estoque',
  title: "Avisos de 'Avise-me quando chegar'",
  what: 'O produto, a loja e o e-mail (ou a sua conta, para avisar nas notificações) de cada aviso pedido.',
  purpose: 'Avisar uma só vez quando o produto voltar ao estoque.',
  legalBasis: 'Consentimento (art. 7º, I): você pede o aviso e pode cancelá-lo pelo link recebido',
  retention: 'Até o aviso ser enviado ou cancelado; apagados ao excluir a conta.',
  recipients: ['o provedor de envio de e-mail', 'o serviço de notificações do seu navegador'],
  tables: [
    {
      table: 'stock_alerts',
      personal: ['customer_id', 'email'],
      holder: { by: 'customer', column: 'customer_id' },
      // The key of the alert's cancel link, not data about the shopper.
      withheld: ['cancel_token'],
    },
    { table: 'stock_alerts', personal: ['email'], holder: { by: 'email', column: 'email' } },
    {
      table: 'push_outbox',
      personal: ['stock_alert_id'],
      holder: { by: 'push-subscription', column: 'subscription_id' },
    },
  ],
};
