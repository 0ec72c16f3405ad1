import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  registerOperation,
  passwordRecoveryOperation,
  passwordResetOperation,
  signInOperation,
  profileUpdateOperation,
  passwordChangeOperation,
  contactMessageOperation,
  profileOperation,
  signOutOperation,
  LOGIN_FAILED_MESSAGE,
  LOGIN_LOCKED_MESSAGE,
  RECOVERY_MESSAGE,
  RESET_INVALID_MESSAGE,
} from '../../../src/api/customers';
import { generateCpf } from '../../../src/domain/documents';
import { ADDRESS_FAILURE_LIMIT, recordLoginFailure } from '../../../src/server/services/rate-limit';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';
import { PASSWORD, login, newPerson, register, sessionCookie, signedInCustomer } from './accounts';

const ADMIN_TOKEN = 'token-de-administracao-do-teste-de-clientes';

describe.each(databaseKinds)('customers and sessions on %s', (kind) => {
  let t: TestApp;
  const rows = async <T>(query: SQL) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    t = await buildTestApp(kind, { PUBLIC_URL: 'https://loja.example.com.br', ADMIN_TOKEN });
  });
  afterAll(() => t.close());

  describe('registration (APP_0035)', () => {
    it('registers an individual with a masked CPF and a company with an alphanumeric CNPJ', async () => {
      const cpf = generateCpf(424242);
      const masked = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
      const individual = await call(t.app, registerOperation, {
        body: {
          cpf: masked,
          nome: 'Maria Souza',
          fixo: '',
          celular: '(19) 99876-5432',
          email: 'Maria.Souza@Exemplo.com.br',
          senha: 'Abcdef!1',
          fisica: '',
        },
      });
      expect(individual.status).toBe(200);
      expect(individual.json.resposta).toMatch(/sucesso/);

      const company = await register(t.app, 'juridica');
      const [stored] = await rows<{ doc: string; pessoa: string; email: string }>(
        sql`SELECT doc, pessoa, email FROM customers WHERE doc = ${company.doc}`,
      );
      expect(stored.pessoa).toBe('juridica');
      const [maria] = await rows<{ doc: string; email: string; celular: string }>(
        sql`SELECT doc, email, celular FROM customers WHERE doc = ${cpf}`,
      );
      expect(maria).toEqual({ doc: cpf, email: 'maria.souza@exemplo.com.br', celular: '19998765432' });
    });

    it('refuses wrong check digits, weak passwords and overlong names with a pt-BR resposta', async () => {
      const person = newPerson();
      const base = {
        cpf: person.doc,
        nome: person.nome,
        celular: '19998765432',
        email: person.email,
        senha: PASSWORD,
        fisica: '',
      };
      const wrongDigit = `${person.doc.slice(0, 10)}${(Number(person.doc[10]) + 1) % 10}`;
      const cases = [
        { body: { ...base, cpf: wrongDigit }, text: /CPF inválido/ },
        { body: { ...base, senha: 'abcdefg1' }, text: /maiúscula/ },
        { body: { ...base, senha: 'Abcdefg1' }, text: /especial/ },
        { body: { ...base, senha: 'Ab!1' }, text: /7 a 20/ },
        { body: { ...base, senha: 'Abcdefghijklmnopqrs!1' }, text: /7 a 20/ },
        { body: { ...base, nome: 'x'.repeat(61) }, text: /60/ },
        { body: { ...base, email: `${'a'.repeat(50)}@x.com` }, text: /54/ },
        { body: { ...base, celular: '' }, text: /Celular/ },
      ];
      for (const { body, text } of cases) {
        const response = await call(t.app, registerOperation, { body });
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.json.resposta).toMatch(text);
      }
    });

    it('refuses names with invisible format characters (U+FEFF, zero-width space) like control characters', async () => {
      for (const nome of ['\ufeffMaria Souza', 'Maria\u200b Souza', 'Maria\u2060Souza', 'Maria\u2028Souza']) {
        const person = newPerson();
        const response = await call(t.app, registerOperation, {
          body: {
            cpf: person.doc,
            nome,
            celular: '19998765432',
            email: person.email,
            senha: PASSWORD,
            fisica: '',
          },
        });
        expect(response.status, JSON.stringify(nome)).toBe(400);
        expect(response.json.resposta).toMatch(/caracteres não permitidos/);
        const [stored] = await rows<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM customers WHERE email = ${person.email}`,
        );
        expect(stored?.n).toBe(0);
      }
    });

    it('answers a taken document and a taken e-mail with the same 409, without saying which', async () => {
      const first = await register(t.app);
      const other = newPerson();
      const sameDoc = await call(t.app, registerOperation, {
        body: {
          cpf: first.doc,
          nome: 'X',
          celular: '19998765432',
          email: other.email,
          senha: PASSWORD,
          fisica: '',
        },
      });
      const sameEmail = await call(t.app, registerOperation, {
        body: {
          cpf: other.doc,
          nome: 'X',
          celular: '19998765432',
          email: first.email.toUpperCase(),
          senha: PASSWORD,
          fisica: '',
        },
      });
      expect(sameDoc.status).toBe(409);
      expect(sameEmail.status).toBe(409);
      expect(sameEmail.json.resposta).toBe(sameDoc.json.resposta);
    });
  });

  describe('sign-in (APP_0045) and sessions', () => {
    it('answers the customer record and sets an HttpOnly SameSite=Lax cookie whose id is stored hashed', async () => {
      const person = await register(t.app);
      const response = await login(t.app, person.doc);
      expect(response.status).toBe(200);
      expect(response.json).toMatchObject({
        nome: person.nome,
        redirect: '/checkout',
        dados_cliente: {
          id: response.json.id,
          nome: person.nome,
          email: person.email,
          doc: person.doc,
          pessoa: 'fisica',
        },
      });
      const setCookie = String(response.headers['set-cookie']);
      expect(setCookie).toMatch(/HttpOnly/);
      expect(setCookie).toMatch(/SameSite=Lax/);
      const token = sessionCookie(response.headers).slice('sid='.length);
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
      const stored = await rows<{ id_hash: string }>(
        sql`SELECT id_hash FROM sessions WHERE customer_id = ${response.json.id}`,
      );
      expect(stored).toHaveLength(1);
      expect(stored[0].id_hash).not.toContain(token);
      const [hash] = await rows<{ password_hash: string }>(
        sql`SELECT password_hash FROM customers WHERE id = ${response.json.id}`,
      );
      expect(hash.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
      expect(hash.password_hash).not.toContain(PASSWORD);
    });

    it('gives a new session id at each sign-in and refuses the old one', async () => {
      const person = await register(t.app);
      const first = sessionCookie((await login(t.app, person.doc)).headers);
      const second = await call(t.app, signInOperation, {
        body: { email: person.doc, senha: PASSWORD },
        cookie: first,
      });
      const secondCookie = sessionCookie(second.headers);
      expect(secondCookie).not.toBe(first);
      expect((await call(t.app, profileOperation, { cookie: first })).status).toBe(401);
      expect((await call(t.app, profileOperation, { cookie: secondCookie })).status).toBe(200);
      expect(second.json.redirect).toBe('/meusPedidos');
    });

    it('never redirects to another site', async () => {
      const person = await register(t.app);
      for (const redirect of ['//evil.example', 'https://evil.example', '/\\evil.example']) {
        const response = await call(t.app, signInOperation, {
          body: { email: person.doc, senha: PASSWORD, redirect },
        });
        expect(response.json.redirect).toBe('/meusPedidos');
      }
    });

    it('answers a wrong password and an unknown account identically', async () => {
      const person = await register(t.app);
      const wrong = await login(t.app, person.doc, 'Errada@123');
      const unknown = await login(t.app, newPerson().doc);
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.json).toEqual({ resposta: LOGIN_FAILED_MESSAGE });
      expect(unknown.json).toEqual(wrong.json);
      expect(wrong.headers['set-cookie']).toBeUndefined();
    });

    it('locks an account for a while after 5 failures, even for the right password, then lets it in', async () => {
      const person = await register(t.app);
      for (let i = 0; i < 5; i += 1) expect((await login(t.app, person.doc, 'Errada@123')).status).toBe(401);
      const locked = await login(t.app, person.doc);
      expect(locked.status).toBe(429);
      expect(locked.json.resposta).toBe(LOGIN_LOCKED_MESSAGE);
      expect(locked.headers['retry-after']).toBe('900');
      // An unknown document locks the same way, so the lock reveals nothing.
      const stranger = newPerson().doc;
      for (let i = 0; i < 5; i += 1) await login(t.app, stranger, 'Errada@123');
      expect((await login(t.app, stranger)).status).toBe(429);
      // The lock is temporary: once it has passed, the right password works.
      await t.database.db.execute(
        sql`UPDATE login_failures SET locked_until = now() - interval '1 second' WHERE key = ${person.doc}`,
      );
      expect((await login(t.app, person.doc)).status).toBe(200);
    });

    it('locks an address that keeps failing with many documents, and only that address', async () => {
      const person = await register(t.app);
      const from = (remoteAddress: string, doc: string, senha = 'Errada@123') =>
        t.app.inject({
          method: 'POST',
          url: '/datasnap/rest/TFireFlay/APP_0045',
          payload: { email: doc, senha },
          remoteAddress,
        });
      // Failures counted straight in the database (each real attempt costs a full scrypt).
      for (let i = 1; i < ADDRESS_FAILURE_LIMIT; i += 1)
        await recordLoginFailure(t.database.db, newPerson().doc, '203.0.113.9');
      expect((await from('203.0.113.9', newPerson().doc)).statusCode).toBe(401);
      expect((await from('203.0.113.9', person.doc, PASSWORD)).statusCode).toBe(429);
      expect((await from('198.51.100.7', person.doc, PASSWORD)).statusCode).toBe(200);
    });

    it('ends a session after the idle window and after the absolute limit', async () => {
      const idle = await signedInCustomer(t.app);
      await t.database.db.execute(
        sql`UPDATE sessions SET last_seen_at = now() - interval '3 hours' WHERE customer_id = ${idle.id}`,
      );
      expect((await call(t.app, profileOperation, { cookie: idle.cookie })).status).toBe(401);

      const old = await signedInCustomer(t.app);
      await t.database.db.execute(
        sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE customer_id = ${old.id}`,
      );
      const response = await call(t.app, profileOperation, { cookie: old.cookie });
      expect(response.status).toBe(401);
      expect(response.json.resposta).toMatch(/Entre novamente/);
    });

    it('signs out (APP_0099): the cookie is cleared and the session no longer works', async () => {
      const customer = await signedInCustomer(t.app);
      const response = await call(t.app, signOutOperation, { cookie: customer.cookie });
      expect(response.status).toBe(200);
      expect(String(response.headers['set-cookie'])).toMatch(/sid=;/);
      expect((await call(t.app, profileOperation, { cookie: customer.cookie })).status).toBe(401);
      expect((await call(t.app, signOutOperation)).status).toBe(200);
    });
  });

  describe('customer area: the customer comes from the session only', () => {
    it('refuses every customer-area call without a session (401) and with another customer id (403)', async () => {
      const me = await signedInCustomer(t.app);
      const other = await signedInCustomer(t.app);
      const calls = [
        { op: profileOperation, input: { query: { id: other.id } } },
        {
          op: profileUpdateOperation,
          input: { body: { fixo: '', celular: '19998765432', email: 'novo@exemplo.com.br', id: other.id } },
        },
        {
          op: passwordChangeOperation,
          input: { body: { senha_atual: PASSWORD, senha_nova: 'Nova@Senha1', id: other.id } },
        },
      ] as const;
      for (const { op, input } of calls) {
        const anonymous = await call(t.app, op, input);
        expect(anonymous.status, op.name).toBe(401);
        expect(anonymous.json.resposta).toBeTruthy();
        const foreign = await call(t.app, op, { ...input, cookie: me.cookie });
        expect(foreign.status, op.name).toBe(403);
        expect(foreign.json.resposta).toMatch(/outra conta/);
      }
      // Nothing of the other customer changed.
      expect((await login(t.app, other.doc)).status).toBe(200);
      const [row] = await rows<{ email: string }>(sql`SELECT email FROM customers WHERE id = ${other.id}`);
      expect(row.email).toBe(other.email);
    });

    it('reads and updates the profile of the session customer (APP_0088, APP_0047)', async () => {
      const me = await signedInCustomer(t.app);
      const profile = await call(t.app, profileOperation, { query: { id: me.id }, cookie: me.cookie });
      expect(profile.status).toBe(200);
      expect(profile.json).toMatchObject({
        id: me.id,
        email: me.email,
        telcontato: '1932321000',
        telcelular: '19998765432',
      });

      const update = await call(t.app, profileUpdateOperation, {
        body: { fixo: '', celular: '(11) 91234-5678', email: 'Atualizado.' + me.email, id: me.id },
        cookie: me.cookie,
      });
      expect(update.status).toBe(200);
      const after = await call(t.app, profileOperation, { cookie: me.cookie });
      expect(after.json).toMatchObject({
        telcontato: '',
        telcelular: '11912345678',
        email: 'atualizado.' + me.email,
      });

      const other = await signedInCustomer(t.app);
      const taken = await call(t.app, profileUpdateOperation, {
        body: { celular: '11912345678', email: other.email, id: me.id },
        cookie: me.cookie,
      });
      expect(taken.status).toBe(409);
    });

    it('changes the password only with the current one, and ends the other sessions (APP_0048)', async () => {
      const me = await signedInCustomer(t.app);
      const elsewhere = sessionCookie((await login(t.app, me.doc)).headers);
      const wrong = await call(t.app, passwordChangeOperation, {
        body: { senha_atual: 'Errada@123', senha_nova: 'Nova@Senha1', id: me.id },
        cookie: me.cookie,
      });
      expect(wrong.status).toBe(400);
      expect(wrong.json.resposta).toBe('Senha atual incorreta.');
      const weak = await call(t.app, passwordChangeOperation, {
        body: { senha_atual: PASSWORD, senha_nova: 'fraca', id: me.id },
        cookie: me.cookie,
      });
      expect(weak.status).toBe(400);
      const changed = await call(t.app, passwordChangeOperation, {
        body: { senha_atual: PASSWORD, senha_nova: 'Nova@Senha1', id: me.id },
        cookie: me.cookie,
      });
      expect(changed.status).toBe(200);
      expect((await call(t.app, profileOperation, { cookie: me.cookie })).status).toBe(200);
      expect((await call(t.app, profileOperation, { cookie: elsewhere })).status).toBe(401);
      expect((await login(t.app, me.doc)).status).toBe(401);
      expect((await login(t.app, me.doc, 'Nova@Senha1')).status).toBe(200);
    });
  });

  describe('password recovery (APP_0036) and reset (APP_0040)', () => {
    /** The token of the newest reset link to `email`, as staff see it (`npm run store -- mail:latest`). */
    const latestLink = async (email: string) => {
      const latest = await t.app.inject({
        method: 'GET',
        url: '/admin/mail/latest?limit=50',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      const { mensagens } = latest.json<{ mensagens: Array<{ to: string; links: string[] }> }>();
      const link = mensagens.find((message) => message.to === email)?.links[0];
      const match = /^https:\/\/loja\.example\.com\.br\/redefinir\?acess=([A-Za-z0-9_-]+)&email=(.+)$/.exec(
        link ?? '',
      );
      // The link names its account's e-mail after the token.
      if (match) expect(decodeURIComponent(match[2])).toBe(email);
      return match?.[1];
    };

    it('answers the same for an unknown e-mail and sends nothing', async () => {
      const unknown = await call(t.app, passwordRecoveryOperation, {
        body: { email: 'ninguem@exemplo.com.br' },
      });
      expect(unknown.status).toBe(200);
      expect(unknown.json.resposta).toBe(RECOVERY_MESSAGE);
      expect(await latestLink('ninguem@exemplo.com.br')).toBeUndefined();
    });

    it('sends a single-use link of at least 128 bits, stored hashed, that sets a new password', async () => {
      const me = await signedInCustomer(t.app);
      const asked = await call(t.app, passwordRecoveryOperation, { body: { email: me.email.toUpperCase() } });
      expect(asked.json.resposta).toBe(RECOVERY_MESSAGE);
      const token = (await latestLink(me.email))!;
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
      const stored = await rows<{ token_hash: string }>(sql`SELECT token_hash FROM password_resets`);
      expect(stored.some((row) => row.token_hash.includes(token))).toBe(false);
      // Neither the log nor the stored message holds the token: only a masked link.
      expect(t.logLines.join('')).not.toContain(token);
      expect(t.logLines.join('')).toContain('/redefinir?acess=[oculto]');
      const [outbox] = await rows<{ body: string }>(
        sql`SELECT body FROM mail_outbox WHERE to_address = ${me.email} ORDER BY id DESC LIMIT 1`,
      );
      expect(outbox!.body).toContain('https://loja.example.com.br/redefinir?acess=[oculto]');
      expect(outbox!.body).not.toContain(token);

      const mismatch = await call(t.app, passwordResetOperation, {
        body: { email: me.email, token, newPassword: 'Outra@Senha1', confirmPassword: 'Outra@Senha2' },
      });
      expect(mismatch.status).toBe(400);

      const reset = await call(t.app, passwordResetOperation, {
        body: { email: me.email, token, newPassword: 'Outra@Senha1', confirmPassword: 'Outra@Senha1' },
      });
      expect(reset.status).toBe(200);
      expect((await call(t.app, profileOperation, { cookie: me.cookie })).status).toBe(401);
      expect((await login(t.app, me.doc, 'Outra@Senha1')).status).toBe(200);

      const reuse = await call(t.app, passwordResetOperation, {
        body: { token, newPassword: 'Terceira@1', confirmPassword: 'Terceira@1' },
      });
      expect(reuse.status).toBe(401);
      expect(reuse.json.resposta).toBe(RESET_INVALID_MESSAGE);
      expect((await login(t.app, me.doc, 'Outra@Senha1')).status).toBe(200);
    });

    it("refuses a link used with another account's e-mail, which then still works with its own", async () => {
      const me = await signedInCustomer(t.app);
      const other = await signedInCustomer(t.app);
      await call(t.app, passwordRecoveryOperation, { body: { email: me.email } });
      const token = (await latestLink(me.email))!;
      const passwords = { newPassword: 'Outra@Senha1', confirmPassword: 'Outra@Senha1' };
      const crossed = await call(t.app, passwordResetOperation, {
        body: { email: other.email, token, ...passwords },
      });
      expect(crossed.status).toBe(401);
      expect(crossed.json.resposta).toBe(RESET_INVALID_MESSAGE);
      expect((await login(t.app, me.doc)).status).toBe(200);
      expect((await login(t.app, other.doc)).status).toBe(200);

      const own = await call(t.app, passwordResetOperation, {
        body: { email: ` ${me.email.toUpperCase()} `, token, ...passwords },
      });
      expect(own.status).toBe(200);
      expect((await login(t.app, me.doc, 'Outra@Senha1')).status).toBe(200);
    });

    it('answers 401 for an expired or a made-up token', async () => {
      const me = await signedInCustomer(t.app);
      await call(t.app, passwordRecoveryOperation, { body: { email: me.email } });
      const token = (await latestLink(me.email))!;
      await t.database.db.execute(
        sql`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE customer_id = ${me.id}`,
      );
      const expired = await call(t.app, passwordResetOperation, {
        body: { token, newPassword: 'Outra@Senha1', confirmPassword: 'Outra@Senha1' },
      });
      expect(expired.status).toBe(401);
      const madeUp = await call(t.app, passwordResetOperation, {
        body: { token: 'x'.repeat(43), newPassword: 'Outra@Senha1', confirmPassword: 'Outra@Senha1' },
      });
      expect(madeUp.status).toBe(401);
      expect((await login(t.app, me.doc)).status).toBe(200);
    });
  });

  it('never writes a password to the log', async () => {
    const me = await signedInCustomer(t.app);
    await login(t.app, me.doc, 'Errada@9876');
    const log = t.logLines.join('\n');
    expect(log).not.toContain(PASSWORD);
    expect(log).not.toContain('Errada@9876');
    expect(log).not.toMatch(/"senha"/);
  });

  it('stores a contact message (APP_0051)', async () => {
    const response = await call(t.app, contactMessageOperation, {
      body: {
        nome: 'Construtora Alfa',
        telefone: '(19) 3232-1000',
        email: 'compras@alfa.com.br',
        assunto: 'Orçamento',
        message: 'Gostaria de um orçamento para 200 m² de porcelanato.',
      },
    });
    expect(response.status).toBe(200);
    const [row] = await rows<{ assunto: string; telefone: string }>(
      sql`SELECT assunto, telefone FROM contact_messages WHERE email = 'compras@alfa.com.br'`,
    );
    expect(row).toEqual({ assunto: 'Orçamento', telefone: '1932321000' });
    const invisible = await call(t.app, contactMessageOperation, {
      body: {
        nome: 'Construtora Alfa',
        telefone: '(19) 3232-1000',
        email: 'compras@alfa.com.br',
        assunto: 'Orçamento\u200e',
        message: 'Linha um\u2029linha dois',
      },
    });
    expect(invisible.status).toBe(400);
    expect(invisible.json.resposta).toMatch(/caracteres não permitidos/);
    const missing = await call(t.app, contactMessageOperation, {
      body: { nome: 'A', telefone: '1932321000', email: 'a@b.com', assunto: '', message: 'x' },
    });
    expect(missing.status).toBe(400);
  });
});
