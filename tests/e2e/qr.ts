import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

// Reads a QR code from a screenshot, as a bank app reads the one on screen (zxing-wasm, the
// store's own barcode reader, with its wasm loaded from node_modules instead of fetched).

let prepared = false;

export async function readQrCode(png: Buffer): Promise<string[]> {
  if (!prepared) {
    const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
    prepareZXingModule({ overrides: { wasmBinary: readFileSync(wasm).buffer as ArrayBuffer } });
    prepared = true;
  }
  const results = await readBarcodes(new Uint8Array(png), { formats: ['QRCode'] });
  return results.map((result) => result.text);
}
