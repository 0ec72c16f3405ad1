// Reading a barcode from the camera: the browser's own BarcodeDetector where it has one (Chrome on
// Android), otherwise the barcode-detector ponyfill (ZXing in WebAssembly). The ponyfill and its
// wasm load only when the camera button is pressed, and the wasm comes from our own origin
// (bundled by Vite): the ponyfill's default would fetch it from a CDN, which the CSP and a store
// with weak signal both forbid.

export const BARCODE_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128'] as const;

export interface BarcodeReader {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}

interface DetectorConstructor {
  new (options: { formats: string[] }): BarcodeReader;
  getSupportedFormats?: () => Promise<string[]>;
}

async function nativeReader(): Promise<BarcodeReader | undefined> {
  const Native = (globalThis as { BarcodeDetector?: DetectorConstructor }).BarcodeDetector;
  if (!Native) return undefined;
  try {
    const supported = (await Native.getSupportedFormats?.()) ?? [];
    const formats = BARCODE_FORMATS.filter((format) => supported.includes(format));
    return formats.length ? new Native({ formats }) : undefined;
  } catch {
    return undefined;
  }
}

export async function createBarcodeReader(): Promise<BarcodeReader> {
  const native = await nativeReader();
  if (native) return native;
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
  });
  return new BarcodeDetector({ formats: [...BARCODE_FORMATS] });
}
