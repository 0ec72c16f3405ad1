import { productCodeOf } from '../domain/gtin';

/**
 * The product a GTIN or reference names (a barcode read by the camera, or what a handheld scanner
 * typed before Enter), through APP_0028, which answers a code with that product alone. Offline, the
 * service worker answers from the downloaded catalogue the same way. Undefined when `text` is not a
 * code or no product has it.
 */
export async function findProductByCode(text: string): Promise<number | undefined> {
  const code = productCodeOf(text);
  if (!code) return undefined;
  const [{ callOperation }, { suggestionsOperation }] = await Promise.all([
    import('../api/client'),
    import('../api/catalogue'),
  ]);
  const answer = await callOperation(suggestionsOperation, { query: { produto: text.trim() } });
  const hit = answer.produtos.find((product) =>
    'gtin' in code ? product.gtin === code.gtin : product.idprd === code.reference,
  );
  return hit?.idprd;
}
