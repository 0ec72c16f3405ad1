import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notifications } from '@mantine/notifications';
import { Route, Routes } from 'react-router-dom';
import {
  ACCOUNT_ERASED_MESSAGE,
  ERASURE_WRONG_PASSWORD_MESSAGE,
  PERSONAL_DATA_FILE_NAME,
} from '../../../src/api/personal-data';
import { PrivacyTab } from '../../../src/features/account/components/privacy-tab';
import { render } from '../test-utils/render';

// Only the network boundary and the browser's download are replaced; the contract, the form and the
// toasts are real.
const EXPORT = {
  geradoEm: '2026-11-28T06:00:00.000Z',
  controlador: { razaoSocial: 'Casa & Obra Materiais de Construção Ltda.', cnpj: '19.691.375/0001-73' },
  encarregado: { nome: 'Encarregada', email: 'privacidade@example.com' },
  dados: [],
};
let replies: Record<string, { status: number; body: object }>;
const sent: Array<{ url: string; body: unknown }> = [];
const downloads: Array<{ name: string; blob: Blob }> = [];

beforeEach(() => {
  sent.length = 0;
  downloads.length = 0;
  sessionStorage.setItem('nome', 'Cliente');
  replies = {
    LGPD_MEUS_DADOS: { status: 200, body: EXPORT },
    LGPD_EXCLUIR_CONTA: { status: 200, body: { resposta: ACCOUNT_ERASED_MESSAGE } },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const name = String(url).split('/').pop()!.split('?')[0];
      sent.push({ url: name, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const reply = replies[name];
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, blob: blobs.get(this.href)! });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

/** jsdom's Blob has no text(): read it as a browser's FileReader would. */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

function renderTab() {
  return render(
    <>
      <Notifications />
      <Routes>
        <Route path="/meusPedidos" element={<PrivacyTab />} />
        <Route path="/" element={<p>Página inicial</p>} />
      </Routes>
    </>,
    { route: '/meusPedidos' },
  );
}

describe("the customer area's data rights", () => {
  it("'Baixar meus dados' downloads the store's JSON of the customer", async () => {
    renderTab();
    await userEvent.click(screen.getByRole('button', { name: 'Baixar meus dados' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(sent).toEqual([{ url: 'LGPD_MEUS_DADOS', body: undefined }]);
    expect(downloads[0].name).toBe(PERSONAL_DATA_FILE_NAME);
    expect(JSON.parse(await textOf(downloads[0].blob))).toEqual(EXPORT);
  });

  it("'Excluir minha conta' asks the password, says a wrong one, then erases and leaves for the home page", async () => {
    renderTab();
    const erase = screen.getByRole('button', { name: 'Excluir minha conta' });
    await userEvent.click(erase);
    expect(await screen.findByText('Informe a sua senha.')).toBeTruthy();
    expect(sent).toEqual([]);

    replies.LGPD_EXCLUIR_CONTA = { status: 400, body: { resposta: ERASURE_WRONG_PASSWORD_MESSAGE } };
    await userEvent.type(screen.getByLabelText(/^Senha/), 'Errada@1');
    await userEvent.click(erase);
    expect(await screen.findByText(ERASURE_WRONG_PASSWORD_MESSAGE)).toBeTruthy();
    expect(screen.queryByText('Página inicial')).toBeNull();

    replies.LGPD_EXCLUIR_CONTA = { status: 200, body: { resposta: ACCOUNT_ERASED_MESSAGE } };
    await userEvent.type(screen.getByLabelText(/^Senha/), 'Senha@123');
    await userEvent.click(erase);
    // The browser's stored data is cleared first (IndexedDB): slow on a busy machine.
    expect(await screen.findByText('Página inicial', {}, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText(ACCOUNT_ERASED_MESSAGE)).toBeTruthy();
    expect(sent.at(-1)).toEqual({ url: 'LGPD_EXCLUIR_CONTA', body: { senha: 'Senha@123' } });
    expect(sessionStorage.getItem('nome')).toBeNull();
  });
});
