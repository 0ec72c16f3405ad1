import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordRecoveryOperation, RECOVERY_MESSAGE } from '../../../src/api/customers';
import { accountErasureOperation } from '../../../src/api/personal-data';
import { FORGOTTEN_ADDRESS, MAX_ATTEMPTS } from '../../../src/server/services/mail';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';
import { PASSWORD, register, signedInCustomer } from './accounts';

interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** Just enough of an SMTP server (RFC 5321) to take messages: no STARTTLS, AUTH PLAIN/LOGIN accepted. */
async function startSmtpServer(options: { refuseRecipients: boolean }) {
  const received: ReceivedMail[] = [];
  const server: Server = createServer((socket: Socket) => {
    let buffer = '';
    let inData = false;
    let authStep = 0;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 smtp.test ESMTP pronto');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 2.0.0 queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.split(' ')[0].toUpperCase();
        if (authStep > 0) {
          authStep = authStep === 1 ? 2 : 0;
          reply(authStep === 2 ? '334 UGFzc3dvcmQ6' : '235 2.7.0 ok');
        } else if (verb === 'EHLO') {
          reply('250-smtp.test');
          reply('250-AUTH PLAIN LOGIN');
          reply('250 8BITMIME');
        } else if (verb === 'HELO') reply('250 smtp.test');
        else if (verb === 'AUTH') {
          const [, mechanism, initial] = line.split(' ');
          if (mechanism.toUpperCase() === 'LOGIN') {
            authStep = initial ? 2 : 1;
            reply(initial ? '334 UGFzc3dvcmQ6' : '334 VXNlcm5hbWU6');
          } else if (initial) reply('235 2.7.0 ok');
          else {
            authStep = 2;
            reply('334 ');
          }
        } else if (verb === 'MAIL') {
          current.from = line;
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          if (options.refuseRecipients) reply('550 5.1.1 mailbox unavailable');
          else {
            current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
            reply('250 2.1.5 ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'RSET') {
          current = { from: '', to: [], data: '' };
          reply('250 2.0.0 ok');
        } else if (verb === 'QUIT') {
          reply('221 2.0.0 bye');
          socket.end();
        } else if (verb === 'NOOP') reply('250 2.0.0 ok');
        else reply('502 5.5.2 not implemented');
      }
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    received,
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text of a received message, undoing quoted-printable or base64 transfer encoding. */
function messageText(data: string): string {
  const split = data.indexOf('\r\n\r\n');
  const headers = data.slice(0, split);
  const body = data.slice(split + 4);
  const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return Buffer.from(body, 'latin1').toString('utf8');
}

const SMTP_PASSWORD = 'Segredo-do-SMTP-42';
const ADMIN_TOKEN = 'token-de-administracao-do-teste-de-smtp';

describe.each(databaseKinds)('password recovery sent through SMTP on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  const outboxRow = async (email: string) => {
    const result = (await t.database.db.execute(
      sql`SELECT body, delivery, sent_at, attempts, last_error FROM mail_outbox
          WHERE to_address = ${email} ORDER BY id DESC LIMIT 1`,
    )) as unknown as {
      rows: Array<{
        body: string;
        delivery: string | null;
        sent_at: unknown;
        attempts: number;
        last_error: string | null;
      }>;
    };
    return result.rows[0];
  };

  /** The newest outbox message as staff see it (`npm run store -- mail:latest` reads this). */
  const shownToStaff = async () => {
    const latest = await t.app.inject({
      method: 'GET',
      url: '/admin/mail/latest?limit=1',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(latest.statusCode, latest.body).toBe(200);
    return latest.json<{ mensagens: Record<string, unknown>[] }>().mensagens[0];
  };

  /** The store on a fresh database, sending through a local SMTP server, for one describe block. */
  const withSmtpServer = (options: { refuseRecipients: boolean }) => {
    beforeAll(async () => {
      smtp = await startSmtpServer(options);
      t = await buildTestApp(kind, {
        ADMIN_TOKEN,
        PUBLIC_URL: 'https://loja.example.com.br',
        SMTP_URL: `smtp://loja:${SMTP_PASSWORD}@127.0.0.1:${smtp.port}`,
      });
    });
    afterAll(async () => {
      await t.close();
      await smtp.close();
    });
  };

  /** A new customer asks for a reset link ('Esqueci minha senha'); the send has been tried. */
  const askForReset = async () => {
    const me = await register(t.app);
    const asked = await call(t.app, passwordRecoveryOperation, { body: { email: me.email } });
    expect(asked.status, asked.raw).toBe(200);
    expect(asked.json.resposta).toBe(RECOVERY_MESSAGE);
    await t.app.mailDelivery!.settled();
    return me;
  };

  describe('when the SMTP server accepts', () => {
    withSmtpServer({ refuseRecipients: false });

    it('sends the reset link to the customer and marks the outbox row sent', async () => {
      const me = await askForReset();

      const row = await outboxRow(me.email);
      const toCustomer = smtp.received.filter((mail) => mail.to.includes(me.email));
      expect(toCustomer).toHaveLength(1);
      expect(toCustomer[0].to).toEqual([me.email]);
      // The customer gets the real link; the outbox keeps it masked.
      const link = /https:\/\/loja\.example\.com\.br\/redefinir\?acess=[A-Za-z0-9_-]{43}&email=\S+/.exec(
        messageText(toCustomer[0].data),
      )![0];
      expect(row.body).toContain('/redefinir?acess=[oculto]');
      expect(row.body).not.toContain(link);
      expect(t.logLines.join('\n')).not.toContain(link);
      expect(await shownToStaff()).toMatchObject({ links: [link] });
      expect(row.delivery).toBe('sent');
      expect(row.sent_at).not.toBeNull();
      expect(row.attempts).toBe(1);
      expect(await shownToStaff()).toMatchObject({
        to: me.email,
        delivery: 'sent',
        attempts: 1,
        lastError: null,
      });
      expect(t.logLines.join('\n')).not.toContain(SMTP_PASSWORD);
    });
    it('sends the confirmation of an erased account, then forgets the address it went to', async () => {
      const me = await signedInCustomer(t.app);
      const erased = await call(t.app, accountErasureOperation, {
        body: { senha: PASSWORD },
        cookie: me.cookie,
      });
      expect(erased.status, erased.raw).toBe(200);
      await t.app.mailDelivery!.settled();
      const toCustomer = smtp.received.filter((mail) => mail.to.includes(me.email));
      expect(toCustomer).toHaveLength(1);
      expect(messageText(toCustomer[0].data)).toContain('foi excluída');
      const rows = (await t.database.db.execute(
        sql`SELECT to_address, delivery FROM mail_outbox WHERE kind = 'account-erased'`,
      )) as unknown as { rows: Array<{ to_address: string; delivery: string }> };
      expect(rows.rows).toEqual([{ to_address: FORGOTTEN_ADDRESS, delivery: 'sent' }]);
    });
  });

  describe('when the SMTP server refuses the recipient', () => {
    withSmtpServer({ refuseRecipients: true });

    it('still answers the recovery normally and keeps the message pending for a retry', async () => {
      const me = await askForReset();

      expect(smtp.received).toHaveLength(0);
      const row = await outboxRow(me.email);
      expect(row.body).toContain('/redefinir?acess=');
      expect(row.delivery).toBe('pending');
      expect(row.sent_at).toBeNull();
      expect(row.attempts).toBe(1);
      expect(row.last_error).toContain('550');

      // The retry pause is over on the last allowed attempt: it is tried once more, then given up.
      await t.database.db.execute(
        sql`UPDATE mail_outbox SET attempts = ${MAX_ATTEMPTS - 1}, next_attempt_at = now() - interval '1 second'
            WHERE to_address = ${me.email}`,
      );
      t.app.mailDelivery!.kick();
      await t.app.mailDelivery!.settled();
      const given = await outboxRow(me.email);
      expect(given.attempts).toBe(MAX_ATTEMPTS);
      expect(given.delivery).toBe('failed');
      expect(given.sent_at).toBeNull();
      expect(smtp.received).toHaveLength(0);

      const shown = await shownToStaff();
      expect(shown).toMatchObject({ to: me.email, delivery: 'failed', attempts: MAX_ATTEMPTS, sentAt: null });
      expect(String(shown.lastError)).toContain('550');
      expect(t.logLines.join('\n')).not.toContain(SMTP_PASSWORD);
    });
  });
});
