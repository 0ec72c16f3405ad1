import type { ReceivedQuery } from './records';
import { AMOUNT, INT32_MAX, broken, isRecord, isText, type Checked } from './requests';

// The checks a provider makes of a refund request (DevolucaoSolicitada) and of a search of the Pix
// received (GET /pix), with the violations API Pix 2.9.0 lists for them.

export type Natureza = 'ORIGINAL' | 'RETIRADA';

interface RefundRequest {
  valor: string;
  natureza: Natureza;
  descricao?: string;
}

/** PUT /pix/{e2eid}/devolucao/{id}. With no `natureza`, the refund is of a common Pix (ORIGINAL). */
export function readRefund(body: unknown): Checked<RefundRequest> {
  if (!isRecord(body))
    return { violacoes: [broken('devolucao', 'O objeto devolucao não respeita o _schema_.')] };
  const { valor, natureza = 'ORIGINAL', descricao } = body;
  if (typeof valor !== 'string' || !AMOUNT.test(valor) || /^0+\.00$/.test(valor))
    return { violacoes: [broken('devolucao.valor')] };
  if (natureza !== 'ORIGINAL' && natureza !== 'RETIRADA')
    return { violacoes: [broken('devolucao.natureza')] };
  if (descricao !== undefined && !isText(descricao, 140))
    return { violacoes: [broken('devolucao.descricao')] };
  return { value: { valor, natureza, ...(descricao === undefined ? {} : { descricao }) } };
}

/** RFC 3339, as the file's `date-time` says. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
const parameter = (name: string) => broken(name, `O parâmetro ${name} não respeita o _schema_.`);

function whole(text: string | undefined, fallback: number, min: number, max: number): number | undefined {
  if (text === undefined) return fallback;
  const value = /^\d+$/.test(text) ? Number(text) : NaN;
  return value >= min && value <= max ? value : undefined;
}

function flag(text: string | undefined): boolean | undefined | 'wrong' {
  if (text === undefined) return undefined;
  return text === 'true' ? true : text === 'false' ? false : 'wrong';
}

/** GET /pix: the period, the filters and the page. */
export function readReceivedQuery(query: Record<string, string | undefined>): Checked<ReceivedQuery> {
  const { inicio, fim, txid, cpf, cnpj } = query;
  if (!inicio || !DATE_TIME.test(inicio) || Number.isNaN(Date.parse(inicio)))
    return { violacoes: [parameter('inicio')] };
  if (!fim || !DATE_TIME.test(fim) || Number.isNaN(Date.parse(fim))) return { violacoes: [parameter('fim')] };
  if (Date.parse(fim) < Date.parse(inicio))
    return {
      violacoes: [
        broken(
          'fim',
          'O timestamp representado pelo parâmetro fim é anterior ao timestamp representado pelo parâmetro inicio.',
        ),
      ],
    };
  if (txid !== undefined && !/^[a-zA-Z0-9]{26,35}$/.test(txid)) return { violacoes: [parameter('txid')] };
  if (cpf !== undefined && !/^\d{11}$/.test(cpf)) return { violacoes: [parameter('cpf')] };
  if (cnpj !== undefined && !/^[0-9A-Z]{14}$/.test(cnpj)) return { violacoes: [parameter('cnpj')] };
  if (cpf !== undefined && cnpj !== undefined)
    return { violacoes: [broken('cnpj', 'Ambos os parâmetros cpf e cnpj estão preenchidos.')] };
  const txIdPresente = flag(query.txIdPresente);
  const devolucaoPresente = flag(query.devolucaoPresente);
  if (txIdPresente === 'wrong') return { violacoes: [parameter('txIdPresente')] };
  if (devolucaoPresente === 'wrong') return { violacoes: [parameter('devolucaoPresente')] };
  const page = whole(query['paginacao.paginaAtual'], 0, 0, INT32_MAX);
  if (page === undefined) return { violacoes: [parameter('paginacao.paginaAtual')] };
  const perPage = whole(query['paginacao.itensPorPagina'], 100, 1, 1000);
  if (perPage === undefined) return { violacoes: [parameter('paginacao.itensPorPagina')] };
  return {
    value: {
      inicio: new Date(inicio),
      fim: new Date(fim),
      ...(txid === undefined ? {} : { txid }),
      ...(cpf === undefined ? {} : { cpf }),
      ...(cnpj === undefined ? {} : { cnpj }),
      ...(txIdPresente === undefined ? {} : { txIdPresente }),
      ...(devolucaoPresente === undefined ? {} : { devolucaoPresente }),
      page,
      perPage,
    },
  };
}
