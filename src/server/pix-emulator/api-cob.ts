import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../db/client';
import { COB_ACTIVE, COB_PAID, TXID_PATTERN, type Cob } from '../services/payments/pix/api-pix';
import { dynamicBrCode } from './br-code';
import type { PixEmulatorCore } from './emulator';
import { apiGuard, problem, type Violation } from './http';
import { cobRevision, findCob, insertCob, locationOwner, pixOfCob, reviseCob } from './records';
import { INT32_MAX, broken, readCob, readRevision, revise, type CobFields } from './requests';

// The emulated API's charges for immediate payment (cob): opened by PUT under the client's txid,
// read (at any revision it had), and revised or removed by PATCH, as API Pix 2.9.0 has them.

type TxidParams = { Params: { txid: string } };

/** Every charge the emulator keeps has its revision (CobGerada requires it). */
const revisionOf = (cob: Cob) => cob.revisao as number;

const invalid = (reply: FastifyReply, violacoes: Violation[]) =>
  problem(reply, 'CobOperacaoInvalida', violacoes);

/** A location named by `loc.id`: the emulator makes one with each charge, never for another. */
async function locationViolation(db: Db, fields: CobFields, txid: string): Promise<Violation | undefined> {
  if (!fields.loc) return undefined;
  const owner = await locationOwner(db, fields.loc.id);
  if (owner === txid) return undefined;
  return broken(
    'cob.loc.id',
    owner === undefined
      ? 'O location referenciado por cob.loc.id inexiste.'
      : 'O location referenciado por cob.loc.id já está sendo utilizado por outra cobrança.',
  );
}

/** `revisao` of GET /cob/{txid}: an int32 (Revisao), or undefined when not asked. */
function revisionAsked(text: string | undefined): number | Violation | undefined {
  if (text === undefined) return undefined;
  const revisao = /^-?\d{1,10}$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(revisao) || Math.abs(revisao) > INT32_MAX)
    return broken('revisao', 'O parâmetro revisao não respeita o _schema_.');
  return revisao;
}

export function registerCobRoutes(app: FastifyInstance, core: PixEmulatorCore, API: string) {
  const { db } = core.options;
  const guard = apiGuard(core);

  app.put<TxidParams>(`${API}/cob/:txid`, { preHandler: guard('PUT /cob') }, async (request, reply) => {
    const { txid } = request.params;
    if (!TXID_PATTERN.test(txid)) return invalid(reply, [broken('txid', 'O txid não respeita o _schema_.')]);
    const read = readCob(request.body, core.options.pixKey);
    if ('violacoes' in read) return invalid(reply, read.violacoes);
    const taken = await locationViolation(db, read.value, txid);
    if (taken) return invalid(reply, [taken]);
    // Only what CobSolicitada defines is kept; `loc` never gets here (a new charge's is its own).
    const { calendario, devedor, valor, chave, solicitacaoPagador, infoAdicionais } = read.value;
    const now = new Date();
    const expiracao = calendario!.expiracao;
    const location = `pix-emulador.casaeobra.local/qr/v2/${randomBytes(16).toString('hex')}`;
    const cob: Cob = {
      ...(devedor ? { devedor } : {}),
      ...(solicitacaoPagador === undefined ? {} : { solicitacaoPagador }),
      ...(infoAdicionais ? { infoAdicionais } : {}),
      chave,
      calendario: { criacao: now.toISOString(), expiracao },
      txid,
      revisao: 0,
      loc: {
        id: Number(BigInt(`0x${randomBytes(4).toString('hex')}`)),
        location,
        tipoCob: 'cob',
        txid,
        criacao: now.toISOString(),
      },
      location,
      status: COB_ACTIVE,
      valor: valor as Cob['valor'],
      pixCopiaECola: dynamicBrCode({
        location,
        merchantName: core.options.merchantName,
        merchantCity: core.options.merchantCity,
      }),
    };
    // A txid already used (the standard allows changing an ATIVA charge by PUT; not emulated).
    if (!(await insertCob(db, cob, location, new Date(now.getTime() + expiracao * 1000))))
      return invalid(reply, [broken('txid', 'O txid informado já foi utilizado.')]);
    core.scheduleAutoPayment(txid);
    return reply.code(201).send(cob);
  });

  app.get<TxidParams & { Querystring: { revisao?: string } }>(
    `${API}/cob/:txid`,
    { preHandler: guard('GET /cob') },
    async (request, reply) => {
      const asked = revisionAsked(request.query.revisao);
      if (typeof asked === 'object') return problem(reply, 'CobConsultaInvalida', [asked]);
      await core.payIfDue(request.params.txid);
      const cob = await findCob(db, { txid: request.params.txid });
      if (!cob) return problem(reply, 'CobNaoEncontrado');
      if (asked === undefined || asked === revisionOf(cob.body)) {
        const pix = await pixOfCob(db, cob.txid);
        return { ...cob.body, status: cob.status, ...(pix.length ? { pix } : {}) };
      }
      // Only an ATIVA charge is revised, and a Pix makes it CONCLUIDA: earlier revisions had none.
      const earlier =
        asked >= 0 && asked < revisionOf(cob.body) ? await cobRevision(db, cob.txid, asked) : undefined;
      return (
        earlier ??
        problem(reply, 'CobConsultaInvalida', [
          {
            ...broken(
              'revisao',
              'O parâmetro revisao corresponde a uma revisão inexistente para a cobrança apontada pelo parâmetro txid.',
            ),
            valor: String(asked),
          },
        ])
      );
    },
  );

  app.patch<TxidParams>(`${API}/cob/:txid`, { preHandler: guard('PATCH /cob') }, async (request, reply) => {
    const cob = await findCob(db, { txid: request.params.txid });
    if (!cob) return problem(reply, 'CobNaoEncontrado');
    const read = readRevision(request.body, core.options.pixKey);
    if ('violacoes' in read) return invalid(reply, read.violacoes);
    const taken = await locationViolation(db, read.value, cob.txid);
    if (taken) return invalid(reply, [taken]);
    const notActive = (status: string) =>
      invalid(reply, [
        broken(
          'cob.status',
          status === COB_PAID
            ? 'A cobrança já foi paga.'
            : 'A cobrança não está ATIVA, e a presente requisição busca alterá-la.',
        ),
      ]);
    if (cob.status !== COB_ACTIVE) return notActive(cob.status);
    const revised = revise(cob.body, read.value);
    // Nothing changed (the same values, or only its own `loc`): no new revision.
    if (isDeepStrictEqual(revised, cob.body)) return cob.body;
    revised.revisao = revisionOf(cob.body) + 1;
    const expiresAt = new Date(Date.parse(revised.calendario.criacao) + revised.calendario.expiracao * 1000);
    if (await reviseCob(db, revisionOf(cob.body), revised, expiresAt)) return revised;
    // Paid, removed or revised by another request meanwhile: as it is now, it refuses this one.
    const now = await findCob(db, { txid: cob.txid });
    return now?.status === COB_ACTIVE
      ? problem(reply, 'ServicoIndisponivel', [], 'A cobrança foi revisada ao mesmo tempo; tente novamente.')
      : notActive(now?.status ?? '');
  });
}
