import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getStoreStock } from '../../../src/features/store-mode/api/get-store-stock';
import { downloadCatalogue, deleteDownloadedCatalogue } from '../../../src/storage/catalogue-download';
import { saveTabletMarker } from '../../../src/storage/tablet-marker';

// A paired tablet that downloaded the catalogue answers 'how many in the other stores' with no
// signal: its own store first, the figures of the download, dated by it.

const lojas = [
  { id: 1, nome: 'Loja Centro' },
  { id: 2, nome: 'Loja Norte' },
  { id: 3, nome: 'Loja Sul' },
];
const products = [1, 2].map((idprd) => ({
  idprd,
  descricao: `Produto ${idprd}`,
  preco: 10,
  codundvenda: 'UN',
}));

/** The store while the tablet downloads: the listing, images, and every store's stock. */
const online = (async (url: string) => {
  const address = new URL(String(url), 'http://loja.test');
  if (address.pathname.startsWith('/imagens/')) return new Response(new Uint8Array(10), { status: 200 });
  if (address.pathname.endsWith('/LOJA_ESTOQUE_CATALOGO'))
    return Response.json({ atualizado: '2026-11-23T10:00:00Z', lojas, estoque: { '1': [4, 0, 9] } });
  return Response.json({ produtos: products, total: products.length, pagina: 1, por_pagina: 48 });
}) as typeof fetch;

const noSignal = vi.fn(async () => {
  throw new TypeError('Failed to fetch');
});

beforeEach(() => {
  saveTabletMarker({ loja: { id: 3, nome: 'Loja Sul' }, tablet: { id: 7 } });
  vi.stubGlobal('fetch', noSignal);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  saveTabletMarker(null);
  await deleteDownloadedCatalogue();
});

describe('stock per store on a tablet with no signal', () => {
  it("shows the downloaded figures, the tablet's own store first, dated by the download", async () => {
    const before = Date.now();
    await downloadCatalogue(undefined, { fetchImpl: online });

    const view = await getStoreStock(1, 3);

    expect(noSignal).toHaveBeenCalled();
    expect(view.lojas.map((loja) => [loja.nome, loja.estoque])).toEqual([
      ['Loja Sul', 9],
      ['Loja Centro', 4],
      ['Loja Norte', 0],
    ]);
    expect(view.online).toBeNull();
    expect(view.offlineAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(view.offlineAt!.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('says the network failed for a product the download has no figures for', async () => {
    await downloadCatalogue(undefined, { fetchImpl: online });
    await expect(getStoreStock(2, 3)).rejects.toMatchObject({ kind: 'network' });
  });

  it('says the network failed when nothing was downloaded', async () => {
    await expect(getStoreStock(1, 3)).rejects.toMatchObject({ kind: 'network' });
  });
});
