import { Button } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { staffLabel, useStaffMember, useStaffSignOut } from '../api/staff';
import { useTablet } from '../api/tablet';

/**
 * The header of a paired tablet with a seller signed in: 'Vendedor: Ana' and 'Sair'. Signed out,
 * nothing: the store's name beside it leads to /loja, where 'Entrar como vendedor' is.
 */
export function StaffBadge() {
  const tablet = useTablet();
  const member = useStaffMember();
  const signOut = useStaffSignOut();
  if (!tablet || !member) return null;
  return (
    <>
      <Button component={Link} to={paths.storeMode} variant="subtle" color="dark" size="compact-md" h={48}>
        {staffLabel(member)}
      </Button>
      <Button
        variant="default"
        size="compact-md"
        h={48}
        loading={signOut.isPending}
        onClick={() => signOut.mutate()}
      >
        Sair
      </Button>
    </>
  );
}
