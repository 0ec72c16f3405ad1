import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callOperation } from '../../../api/client';
import { isApiError } from '../../../api/errors';
import type { StaffMember } from '../../../api/store-staff';
import { dropQueuedDocuments } from './pickup-queue';
import { useTablet } from './tablet';

// The staff member signed in on this tablet. The session is an HttpOnly cookie checked on the
// server at each call; this is only what the screens show, and a 401 from any staff call forgets it.

const loadStaffContract = () => import('../../../api/store-staff');

export const staffKeys = {
  member: ['store-mode', 'staff'] as const,
  team: ['store-mode', 'team'] as const,
  sales: (dia: string) => ['store-mode', 'sales', dia] as const,
  performance: (dias: number) => ['store-mode', 'performance', dias] as const,
  pickups: ['store-mode', 'pickups'] as const,
  returns: ['store-mode', 'returns'] as const,
};

const roleName = { vendedor: 'Vendedor', gerente: 'Gerente' } as const;

/** The two parts of staffLabel: 'Vendedor' and 'Ana'. */
export const staffLabelParts = (member: StaffMember) => ({
  role: roleName[member.papel],
  name: member.nome.split(' ')[0],
});

/** 'Vendedor: Ana': the role and the first name, as the header and /loja show who is signed in. */
export const staffLabel = (member: StaffMember) => {
  const { role, name } = staffLabelParts(member);
  return `${role}: ${name}`;
};

/**
 * The seller's session is over (Sair, five minutes unused, a 401): the screens forget who it was,
 * and the customers' document digits of queued 'Retirado' steps leave the tablet with it.
 */
function forgetStaff(queryClient: QueryClient): void {
  queryClient.setQueryData(staffKeys.member, null);
  dropQueuedDocuments();
}

/** The signed-in staff member, or null (not paired, nobody signed in, or the session ended). */
export function useStaffMember(): StaffMember | null {
  const tablet = useTablet();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: staffKeys.member,
    queryFn: async () => (await callOperation((await loadStaffContract()).staffStatusOperation)).vendedor,
    enabled: tablet !== null,
    staleTime: 60_000,
    retry: false,
  });
  const gone = isApiError(status.error) && status.error.status === 401;
  useEffect(() => {
    if (gone) forgetStaff(queryClient);
  }, [gone, queryClient]);
  return tablet && !gone ? (status.data ?? null) : null;
}

/** After a staff call answered 401: the session ended on the server (idle, Sair elsewhere). */
export function useForgetStaffOn401(error: unknown) {
  const queryClient = useQueryClient();
  const ended = isApiError(error) && error.status === 401;
  useEffect(() => {
    if (ended) forgetStaff(queryClient);
  }, [ended, queryClient]);
}

export function useStaffTeam(enabled: boolean) {
  return useQuery({
    queryKey: staffKeys.team,
    queryFn: async () => (await callOperation((await loadStaffContract()).staffListOperation)).equipe,
    enabled,
    retry: false,
  });
}

export function useStaffSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { vendedor: number; pin: string }) =>
      callOperation((await loadStaffContract()).staffSignInOperation, { body: input }),
    onSuccess: (answer) => queryClient.setQueryData(staffKeys.member, answer.vendedor),
  });
}

/** Ends the staff session on the server and forgets everything staff-only on this screen. */
export async function signOutStaff(queryClient: QueryClient) {
  try {
    await callOperation((await loadStaffContract()).staffSignOutOperation);
  } finally {
    forgetStaff(queryClient);
    queryClient.removeQueries({ queryKey: staffKeys.pickups });
    queryClient.removeQueries({ queryKey: ['store-mode', 'sales'] });
  }
}

export function useStaffSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => signOutStaff(queryClient),
    // At the tap, even with no signal (the call itself then waits for the network): the customers'
    // document digits leave the tablet with the seller who asked to leave.
    onMutate: () => dropQueuedDocuments(),
  });
}

/**
 * A manager-only screen's data (the day's sales, the store's performance): asked for only while a
 * manager (gerente) is signed in on this tablet; a 401 forgets the staff member.
 */
export function useManagerQuery<T>(queryKey: readonly unknown[], queryFn: () => Promise<T>) {
  const member = useStaffMember();
  const manager = member?.papel === 'gerente';
  const query = useQuery({ queryKey, queryFn, enabled: manager, retry: false });
  useForgetStaffOn401(query.error);
  return { manager, query };
}
