import { amountToCentavos, COB_REMOVED_BY_US, type Cob } from '../services/payments/pix/api-pix';
import type { Violation } from './http';

// The checks a provider makes of a charge request (CobSolicitada for PUT, CobRevisada for PATCH),
// with the violations API Pix 2.9.0 lists for them, each naming its property (`violacoes`).

export type Checked<T> = { value: T } | { violacoes: Violation[] };

/** The charge's fields a client sets, as the emulator keeps them. */
export interface CobFields {
  calendario?: { expiracao: number };
  devedor?: Record<string, unknown>;
  loc?: { id: number };
  valor?: Record<string, unknown>;
  chave?: string;
  solicitacaoPagador?: string;
  infoAdicionais?: { nome: string; valor: string }[];
  status?: typeof COB_REMOVED_BY_US;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** JSON Schema's maxLength counts characters (code points), not UTF-16 units. */
export const isText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && [...value].length <= max;
export const AMOUNT = /^\d{1,10}\.\d{2}$/;
export const INT32_MAX = 2_147_483_647;
export const broken = (propriedade: string, razao = `O campo ${propriedade} não respeita o _schema_.`) => ({
  razao,
  propriedade,
});
/** CobExpiracao's default: a day. */
const DEFAULT_EXPIRY = 86_400;

function devedorViolation(devedor: unknown): Violation | undefined {
  const wrong = broken('cob.devedor', 'O objeto cob.devedor não respeita o _schema_.');
  if (!isRecord(devedor)) return wrong;
  const { cpf, cnpj, nome } = devedor;
  if (cpf !== undefined && cnpj !== undefined)
    return broken(
      'cob.devedor',
      'Os campos cob.devedor.cpf e cob.devedor.cnpj estão preenchidos ao mesmo tempo.',
    );
  if (cpf !== undefined && (typeof cpf !== 'string' || !/^\d{11}$/.test(cpf)))
    return broken('cob.devedor.cpf');
  if (cnpj !== undefined && (typeof cnpj !== 'string' || !/^[0-9A-Z]{14}$/.test(cnpj)))
    return broken('cob.devedor.cnpj');
  if (!isText(nome, 200) || nome.length === 0 || (cpf === undefined && cnpj === undefined)) return wrong;
  return undefined;
}

function valorViolation(valor: unknown, originalRequired: boolean): Violation | undefined {
  if (!isRecord(valor)) return broken('cob.valor', 'O objeto cob.valor não respeita o _schema_.');
  const { original, modalidadeAlteracao } = valor;
  if (original === undefined && !originalRequired) return undefined;
  if (typeof original !== 'string' || !AMOUNT.test(original)) return broken('cob.valor.original');
  if (amountToCentavos(original) === 0)
    return broken('cob.valor.original', 'O campo cob.valor.original é zero.');
  if (modalidadeAlteracao !== undefined && modalidadeAlteracao !== 0 && modalidadeAlteracao !== 1)
    return broken('cob.valor.modalidadeAlteracao');
  return undefined;
}

/** A new charge with no expiracao lasts a day (CobExpiracao's default); a revision keeps its own. */
function readExpiry(calendario: unknown, creating: boolean): Checked<number | undefined> {
  if (!isRecord(calendario))
    return { violacoes: [broken('cob.calendario', 'O objeto cob.calendario não respeita o _schema_.')] };
  const expiracao = calendario.expiracao ?? (creating ? DEFAULT_EXPIRY : undefined);
  if (expiracao === undefined) return { value: undefined };
  if (typeof expiracao !== 'number' || !Number.isInteger(expiracao) || expiracao > INT32_MAX)
    return { violacoes: [broken('cob.calendario.expiracao')] };
  if (expiracao <= 0)
    return {
      violacoes: [
        broken('cob.calendario.expiracao', 'O campo cob.calendario.expiracao é igual ou menor que zero.'),
      ],
    };
  return { value: expiracao };
}

const infoAdicionaisOk = (list: unknown) =>
  Array.isArray(list) &&
  list.every((item) => isRecord(item) && isText(item.nome, 50) && isText(item.valor, 200));

/** The location's shape only: whether it exists is the records' to say (`locationViolation`). */
const locOk = (loc: unknown) =>
  isRecord(loc) && Number.isSafeInteger(loc.id) && (loc.tipoCob === undefined || loc.tipoCob === 'cob');

/** Each field present, checked; a new charge (PUT: CobSolicitada) must have its required ones. */
function readFields(body: Record<string, unknown>, pixKey: string, creating: boolean): Checked<CobFields> {
  const fields: CobFields = {};
  const violacoes: Violation[] = [];
  /** Notes the violation, if there is one; true when there is. */
  const fail = (violation: Violation | undefined) => {
    if (violation) violacoes.push(violation);
    return violation !== undefined;
  };
  const { calendario, devedor, loc, valor, chave, solicitacaoPagador, infoAdicionais } = body;
  if (calendario !== undefined || creating) {
    const expiry = readExpiry(calendario, creating);
    if ('violacoes' in expiry) violacoes.push(...expiry.violacoes);
    else if (expiry.value !== undefined) fields.calendario = { expiracao: expiry.value };
  }
  if (valor !== undefined || creating) {
    if (!fail(valorViolation(valor, creating))) fields.valor = valor as Record<string, unknown>;
  }
  if (chave !== undefined || creating) {
    if (!isText(chave, 77)) fail(broken('cob.chave'));
    else if (chave !== pixKey)
      fail(
        broken(
          'cob.chave',
          'O campo cob.chave corresponde a uma conta que não pertence a este usuário recebedor.',
        ),
      );
    else fields.chave = chave;
  }
  if (devedor !== undefined && !fail(devedorViolation(devedor)))
    fields.devedor = devedor as Record<string, unknown>;
  if (solicitacaoPagador !== undefined) {
    if (!isText(solicitacaoPagador, 140)) fail(broken('solicitacaoPagador'));
    else fields.solicitacaoPagador = solicitacaoPagador;
  }
  if (infoAdicionais !== undefined) {
    if (!infoAdicionaisOk(infoAdicionais))
      fail(broken('cob.infoAdicionais', 'O objeto infoAdicionais não respeita o _schema_.'));
    else fields.infoAdicionais = infoAdicionais as CobFields['infoAdicionais'];
  }
  if (loc !== undefined) {
    if (!locOk(loc)) fail(broken('cob.loc', 'O objeto cob.loc não respeita o _schema_.'));
    else fields.loc = { id: (loc as { id: number }).id };
  }
  return violacoes.length ? { violacoes } : { value: fields };
}

/** PUT /cob/{txid}: a whole CobSolicitada. */
export function readCob(body: unknown, pixKey: string): Checked<CobFields> {
  if (!isRecord(body)) return { violacoes: [broken('cob', 'O objeto cob não respeita o _schema_.')] };
  return readFields(body, pixKey, true);
}

/** PATCH /cob/{txid}: the CobRevisada fields present; the removal goes alone. */
export function readRevision(body: unknown, pixKey: string): Checked<CobFields> {
  if (!isRecord(body)) return { violacoes: [broken('cob', 'O objeto cob não respeita o _schema_.')] };
  const { status, ...rest } = body;
  if (status === undefined) return readFields(rest, pixKey, false);
  if (status !== COB_REMOVED_BY_US) return { violacoes: [broken('cob.status')] };
  const read = readFields(rest, pixKey, false);
  if ('violacoes' in read) return read;
  if (Object.keys(read.value).length)
    return {
      violacoes: [
        broken(
          'cob.status',
          'A cobrança está ATIVA, e a presente requisição propõe alterar seu status para REMOVIDA_PELO_USUARIO_RECEBEDOR juntamente com outras alterações.',
        ),
      ],
    };
  return { value: { status } };
}

/** The charge as revised: the fields sent replace the ones kept (`valor` field by field). */
export function revise(cob: Cob, fields: CobFields): Cob {
  const revised: Cob = { ...cob };
  for (const key of ['devedor', 'chave', 'solicitacaoPagador', 'infoAdicionais', 'status'] as const)
    if (fields[key] !== undefined) Object.assign(revised, { [key]: fields[key] });
  if (fields.calendario) revised.calendario = { ...cob.calendario, expiracao: fields.calendario.expiracao };
  if (fields.valor) revised.valor = { ...cob.valor, ...fields.valor } as Cob['valor'];
  // `loc` is left as it is: a charge can only name its own location (locationViolation).
  return revised;
}
