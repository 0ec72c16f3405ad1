import { describe, expect, it } from 'vitest';
import { MOTOBOY_CUTOFF, shippingLabelLines } from '../../../src/domain/shipping';
import { DELIVERY_POLICY_SECTIONS } from '../../../src/features/content/data/delivery-policy';
import { FAQ_TOPICS } from '../../../src/features/content/data/faq';

// The FAQ, the delivery policy and the checkout's option 100 promise the same cut-off, the one the
// server sells the motoboy by (src/domain/shipping.ts).

const allText = (topic: { paragraphs: readonly string[]; items?: readonly string[] } | undefined) =>
  [...(topic?.paragraphs ?? []), ...(topic?.items ?? [])].join('\n');

describe("the motoboy's cut-off", () => {
  it('reads the same in the checkout, the FAQ and the delivery policy', () => {
    expect(MOTOBOY_CUTOFF).toBe('18:00');
    expect(shippingLabelLines({ id: 100 }, new Date())).toEqual(['Receba no mesmo dia até as 18:00.']);
    expect(allText(FAQ_TOPICS.find((topic) => topic.title === 'Sobre o envio'))).toContain(
      'entrega por motoboy no mesmo dia (pedidos confirmados em dias úteis até as 18:00)',
    );
    expect(allText(DELIVERY_POLICY_SECTIONS.find((topic) => topic.title === '3. Formas de envio'))).toContain(
      'Motoboy em Campinas: entrega no mesmo dia para pedidos confirmados em dias úteis até as 18:00; confirmados depois desse horário, no próximo dia útil.',
    );
  });
});
