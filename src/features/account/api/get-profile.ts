import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../api/client';
import { profileOperation } from '../../../api/customers';
import { storeProfile } from '../../../storage/customer-session';
import { accountKeys } from './keys';

/** APP_0088: the signed-in customer's profile, stored as `perfil`. */
export async function getProfile(id: number | undefined, signal?: AbortSignal) {
  const profile = await callOperation(profileOperation, { query: { id }, signal });
  storeProfile(profile);
  return profile;
}

export const profileQueryOptions = (id: number | undefined) =>
  queryOptions({
    queryKey: accountKeys.profile(id),
    // Profile fetch errors are only logged; the form starts from the stored `perfil`.
    meta: { errorMessage: 'Erro ao carregar perfil' },
    queryFn: ({ signal }) => getProfile(id, signal),
    // A 401 means the session is gone: asking again will not help.
    // No stored customer (signed out): nothing to ask for.
    enabled: id !== undefined,
    retry: false,
    staleTime: 0,
  });

export function useProfile(id: number | undefined) {
  return useQuery(profileQueryOptions(id));
}
