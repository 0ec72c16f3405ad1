import { amountToCentavos, type CobRequest } from '../services/payments/pix/api-pix';

// The checks a provider makes of a charge request (CobSolicitada), with its violation texts.

type Read = { cob: CobRequest & Record<string, unknown> } | { violacao: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function devedorViolation(devedor: unknown): string | undefined {
  if (devedor === undefined) return undefined;
  if (!isRecord(devedor)) return 'O objeto cob.devedor não respeita o schema.';
  const { cpf, cnpj, nome } = devedor;
  if (cpf !== undefined && cnpj !== undefined) return 'cob.devedor.cpf e cob.devedor.cnpj ao mesmo tempo.';
  if (cpf !== undefined && (typeof cpf !== 'string' || !/^\d{11}$/.test(cpf)))
    return 'O campo cob.devedor.cpf não respeita o schema.';
  if (cnpj !== undefined && (typeof cnpj !== 'string' || !/^[0-9A-Z]{14}$/.test(cnpj)))
    return 'O campo cob.devedor.cnpj não respeita o schema.';
  if (
    typeof nome !== 'string' ||
    nome.length === 0 ||
    nome.length > 200 ||
    (cpf === undefined && cnpj === undefined)
  )
    return 'O objeto cob.devedor não respeita o schema.';
  return undefined;
}

export function readCob(body: unknown, pixKey: string): Read {
  if (!isRecord(body)) return { violacao: 'Corpo da requisição inválido.' };
  const calendario = body.calendario;
  const expiracao = isRecord(calendario) ? calendario.expiracao : undefined;
  if (typeof expiracao !== 'number' || !Number.isInteger(expiracao) || expiracao <= 0)
    return { violacao: 'O campo cob.calendario.expiracao é igual ou menor que zero.' };
  const original = isRecord(body.valor) ? body.valor.original : undefined;
  if (typeof original !== 'string' || !/^\d{1,10}\.\d{2}$/.test(original))
    return { violacao: 'O campo cob.valor.original não respeita o schema.' };
  if (amountToCentavos(original) === 0) return { violacao: 'O campo cob.valor.original é zero.' };
  if (body.chave !== pixKey)
    return {
      violacao: 'O campo cob.chave corresponde a uma conta que não pertence a este usuário recebedor.',
    };
  const devedor = devedorViolation(body.devedor);
  if (devedor) return { violacao: devedor };
  const request = body.solicitacaoPagador;
  if (request !== undefined && (typeof request !== 'string' || request.length > 140))
    return { violacao: 'O campo solicitacaoPagador não respeita o schema.' };
  return { cob: body as CobRequest & Record<string, unknown> };
}
