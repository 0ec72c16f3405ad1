// The six-stage order tracker and the statuses an order moves through.

export const TRACKER_STAGES = [
  'Pagamento Efetuado',
  'Pedido Faturado',
  'Emissão Nota Fiscal',
  'Pedido Despachado',
  'Saiu para entrega',
  'Pedido Entregue',
] as const;

export type TrackerStage = (typeof TRACKER_STAGES)[number];

export const STATUS_AWAITING_PAYMENT = 'Aguardando pagamento';
export const STATUS_CANCELLED = 'Cancelado';
/** The first tracker stage: the order is paid. */
export const STATUS_PAID = TRACKER_STAGES[0];
/** Server only: a card order holding its units while the acquirer answers; never shown to the shopper. */
export const STATUS_PROCESSING_CARD = 'Processando pagamento';

export const ORDER_STATUSES = [STATUS_AWAITING_PAYMENT, ...TRACKER_STAGES, STATUS_CANCELLED] as const;

export interface TrackerStep {
  label: TrackerStage;
  done: boolean;
  current: boolean;
}

/** Stages up to and including currentStepIndex are done; the one at the index is current. */
export function trackerState(currentStepIndex: number): TrackerStep[] {
  return TRACKER_STAGES.map((label, index) => ({
    label,
    done: index <= currentStepIndex,
    current: index === currentStepIndex,
  }));
}
