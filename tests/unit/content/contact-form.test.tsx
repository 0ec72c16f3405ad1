import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notifications } from '@mantine/notifications';
import { render } from '../test-utils/render';
import { ContactForm } from '../../../src/features/content/components/contact-form';

// Only the network boundary is replaced; the form, its contract schema and the toasts are real.
let reply: { status: number; body: object } = { status: 200, body: { resposta: 'Mensagem recebida.' } };
const sent: unknown[] = [];

beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderForm() {
  return render(
    <>
      <Notifications />
      <ContactForm />
    </>,
  );
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Nome ou empresa/), 'Construtora Alfa');
  await user.type(screen.getByLabelText(/Telefone/), '19987654321');
  await user.type(screen.getByLabelText(/E-mail/), 'Compras@Alfa.com.br');
  await user.type(screen.getByLabelText(/Assunto/), 'Orçamento');
  await user.type(screen.getByLabelText(/Mensagem/), 'Preciso de 120 m² de porcelanato.');
}

describe('contact form', () => {
  it('shows a pt-BR error for every empty field and sends nothing', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    for (const message of [
      'Nome é obrigatório.',
      'Telefone é obrigatório.',
      'E-mail é obrigatório.',
      'Assunto é obrigatório.',
      'Mensagem é obrigatória.',
    ])
      expect(await screen.findByText(message)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('masks the phone as typed and sends APP_0051 with the contract fields', async () => {
    const user = userEvent.setup();
    renderForm();
    await fillValid(user);
    expect((screen.getByLabelText(/Telefone/) as HTMLInputElement).value).toBe('(19) 98765-4321');
    await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    expect(await screen.findByText('Mensagem recebida.')).toBeTruthy();
    expect(screen.getByText('Sucesso')).toBeTruthy();
    expect(sent).toEqual([
      {
        nome: 'Construtora Alfa',
        telefone: '19987654321',
        email: 'compras@alfa.com.br',
        assunto: 'Orçamento',
        message: 'Preciso de 120 m² de porcelanato.',
      },
    ]);
    await waitFor(() =>
      expect((screen.getByLabelText(/Nome ou empresa/) as HTMLInputElement).value).toBe(''),
    );
  });

  it("keeps what was typed and shows 'Atenção' with the server's resposta on failure", async () => {
    reply = { status: 500, body: { resposta: 'Tente novamente mais tarde.' } };
    const user = userEvent.setup();
    renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    expect(await screen.findByText('Tente novamente mais tarde.')).toBeTruthy();
    expect(screen.getByText('Atenção')).toBeTruthy();
    expect((screen.getByLabelText(/Nome ou empresa/) as HTMLInputElement).value).toBe('Construtora Alfa');
    expect((screen.getByLabelText(/Mensagem/) as HTMLInputElement).value).toBe(
      'Preciso de 120 m² de porcelanato.',
    );
  });
});

describe('contact form without a network', () => {
  it('keeps the message in the outbox and says it will be sent later', async () => {
    const { db } = await import('../../../src/storage/db');
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const user = userEvent.setup();
    renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    expect(await screen.findByText('Sem conexão: enviaremos assim que a internet voltar.')).toBeTruthy();
    expect(sent).toEqual([]);
    const queued = await db.outbox.toArray();
    expect(queued).toHaveLength(1);
    expect(queued[0].body).toMatchObject({ nome: 'Construtora Alfa', telefone: '19987654321' });
    await db.outbox.clear();
    online.mockRestore();
  });
});
