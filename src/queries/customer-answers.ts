import type { QueryClient } from '@tanstack/react-query';

/**
 * Drops the answers held in memory that are the customer's (profile, orders, order details,
 * checkout): everything but the public catalogue. After 'Sair da Conta', in this tab or another,
 * and after 'Excluir minha conta'.
 */
export function removeCustomerAnswers(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'catalogue' });
}
