import { brandOf, last4Of, refusalOfReason } from './adyen-mapping';
import type { ProviderPayment, ProviderPaymentStatus } from './provider';

// What Adyen has told us of each payment. Adyen's Checkout API has no GET of a payment: its state
// reaches the merchant only as answers to our calls and as webhooks (AUTHORISATION, CAPTURE,
// CANCELLATION, REFUND, ...). So `get` and `findByKey` read these records, which the adapter keeps
// from every answer and every authenticated notification. The store behind them is injected: memory
// here and in tests; the lead backs it with a table so it survives restarts and is shared by workers.

export interface AdyenModification {
  kind: 'capture' | 'refund';
  amountCentavos: number;
  /** received: Adyen took the request; done / failed: its CAPTURE / REFUND notification said so. */
  state: 'received' | 'done' | 'failed';
}

export interface AdyenPaymentRecord {
  /** Adyen's pspReference of the payment (absent while a 3DS answer gave none). */
  pspReference?: string;
  /** Our attempt's key: sent as Idempotency-Key and as metadata.attemptKey, which webhooks echo. */
  attemptKey?: string;
  reference?: string;
  status: ProviderPaymentStatus;
  amountCentavos: number;
  capture: boolean;
  brand?: string;
  last4?: string;
  installments?: number;
  refusal?: ProviderPayment['refusal'];
  challengeUrl?: string;
  challengeAction?: Record<string, unknown>;
  cancelled: boolean;
  /**
   * Whether Adyen has said anything of it (an answer or a webhook). A payment is recorded before its
   * call, so that a webhook after a lost answer knows what was asked (capture or not); until Adyen
   * speaks, its state is unknown and is not told.
   */
  heard: boolean;
  /** By the modification's own pspReference, so a notification and our answer count once. */
  modifications: Record<string, AdyenModification>;
}

export interface AdyenRecordStore {
  load(pspReference: string): Promise<AdyenPaymentRecord | undefined>;
  loadByKey(attemptKey: string): Promise<AdyenPaymentRecord | undefined>;
  save(record: AdyenPaymentRecord): Promise<void>;
}

export function createMemoryRecordStore(): AdyenRecordStore {
  const byPsp = new Map<string, AdyenPaymentRecord>();
  const byKey = new Map<string, AdyenPaymentRecord>();
  return {
    load: async (psp) => structuredClone(byPsp.get(psp)),
    loadByKey: async (key) => structuredClone(byKey.get(key)),
    save: async (record) => {
      const copy = structuredClone(record);
      if (copy.pspReference) byPsp.set(copy.pspReference, copy);
      if (copy.attemptKey) byKey.set(copy.attemptKey, copy);
    },
  };
}

/** The payment as the port tells it: modifications that did not fail count. */
export function paymentOf(record: AdyenPaymentRecord): ProviderPayment {
  const sum = (kind: AdyenModification['kind']) =>
    Object.values(record.modifications)
      .filter((m) => m.kind === kind && m.state !== 'failed')
      .reduce((total, m) => total + m.amountCentavos, 0);
  const authorizedCapture = record.capture && record.status === 'captured' ? record.amountCentavos : 0;
  const capturedCentavos = authorizedCapture + sum('capture');
  const refundedCentavos = sum('refund');
  let status = record.status;
  if (record.cancelled) status = 'cancelled';
  else if (refundedCentavos > 0 && refundedCentavos >= capturedCentavos) status = 'refunded';
  else if (capturedCentavos > 0) status = 'captured';
  return {
    // Until Adyen gives a pspReference (a 3DS answer may not), the attempt's key stands for it.
    providerId: record.pspReference ?? `attempt:${record.attemptKey ?? ''}`,
    status,
    amountCentavos: record.amountCentavos,
    capturedCentavos,
    refundedCentavos,
    brand: record.brand,
    last4: record.last4,
    installments: record.installments,
    challengeUrl: status === 'challenge' ? record.challengeUrl : undefined,
    challengeAction: status === 'challenge' ? record.challengeAction : undefined,
    refusal: status === 'refused' ? record.refusal : undefined,
  };
}

/** NotificationRequestItem, as Webhooks-v1 declares it (the fields the adapter reads). */
export interface AdyenNotificationItem {
  pspReference: string;
  originalReference?: string;
  merchantAccountCode: string;
  merchantReference: string;
  amount: { value: number; currency: string };
  eventCode: string;
  success: string;
  reason?: string;
  paymentMethod?: string;
  additionalData?: Record<string, unknown>;
}

/**
 * Our attempt's key, sent as `metadata.attemptKey`. Webhooks-v1 declares metadata as an object in
 * additionalData while its own description gives it flat ('metadata.myField: myValue'): both read.
 */
export function attemptKeyOf(item: AdyenNotificationItem): string | undefined {
  const data = item.additionalData ?? {};
  const nested = (data.metadata as Record<string, unknown> | undefined)?.attemptKey;
  const key = data['metadata.attemptKey'] ?? nested;
  return typeof key === 'string' ? key : undefined;
}

/** A record changed by one notification; undefined when the event says nothing of a payment's state. */
export function withNotification(
  record: AdyenPaymentRecord | undefined,
  item: AdyenNotificationItem,
): AdyenPaymentRecord | undefined {
  const success = item.success === 'true';
  const amount = item.amount.value;
  if (item.eventCode === 'AUTHORISATION') {
    const base: AdyenPaymentRecord = record ?? {
      pspReference: item.pspReference,
      attemptKey: attemptKeyOf(item),
      reference: item.merchantReference,
      status: 'pending',
      amountCentavos: amount,
      capture: false,
      cancelled: false,
      heard: true,
      modifications: {},
    };
    const next = { ...base, pspReference: item.pspReference, amountCentavos: amount, heard: true };
    // Adyen's word on the card outranks the component's guess made while the number was typed.
    next.brand = brandOf(item.paymentMethod) ?? base.brand;
    next.last4 = last4Of(item.additionalData?.cardSummary as string | undefined) ?? base.last4;
    // An answer already final (captured, refused) stands; the notification settles a pending one.
    if (['pending', 'challenge', 'error'].includes(base.status)) {
      next.status = success ? (base.capture ? 'captured' : 'authorized') : 'refused';
      if (!success) next.refusal = refusalOfReason(item.reason);
    }
    return next;
  }
  if (!record) return undefined;
  const modification = (kind: AdyenModification['kind'], state: AdyenModification['state']) => ({
    ...record,
    modifications: { ...record.modifications, [item.pspReference]: { kind, amountCentavos: amount, state } },
  });
  switch (item.eventCode) {
    case 'CAPTURE':
      return modification('capture', success ? 'done' : 'failed');
    case 'CAPTURE_FAILED':
      return modification('capture', 'failed');
    case 'REFUND':
      return modification('refund', success ? 'done' : 'failed');
    case 'REFUND_FAILED':
      return modification('refund', 'failed');
    case 'CANCELLATION':
      // success false: the cancel we sent came too late (already captured), the payment stands.
      return { ...record, cancelled: success };
    default:
      return undefined;
  }
}
