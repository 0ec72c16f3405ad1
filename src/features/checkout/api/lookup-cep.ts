import { cepLookupAnswer, cepLookupPath, type CepLookupAnswer } from '../../../api/freight';
import { cepLookupBase } from '../../../config/env';

export class CepNotFoundError extends Error {
  constructor() {
    super('CEP não encontrado');
    this.name = 'CepNotFoundError';
  }
}

/**
 * The ViaCEP-compatible lookup (not a DataSnap operation, so not `callOperation`). An answer with
 * `erro` rejects with CepNotFoundError ('CEP não encontrado'); anything else failing is a plain error.
 */
export async function getCepAddress(cep: string, signal?: AbortSignal): Promise<CepLookupAnswer> {
  const response = await fetch(`${cepLookupBase.replace(/\/$/, '')}${cepLookupPath(cep)}`, {
    headers: { accept: 'application/json' },
    signal,
  });
  if (response.status === 400 || response.status === 404) throw new CepNotFoundError();
  if (!response.ok) throw new Error(`consulta de CEP falhou (${response.status})`);
  const answer = cepLookupAnswer.parse(await response.json());
  if (answer.erro) throw new CepNotFoundError();
  return answer;
}
