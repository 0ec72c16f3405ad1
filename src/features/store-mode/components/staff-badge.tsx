import { Button } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { staffLabel, useStaffMember, useStaffSignOut } from '../api/staff';
import { useTablet } from '../api/tablet';

/** The header of a paired tablet with a seller signed in: 'Vendedor: Ana' and 'Sair'. */
export function StaffBadge() {
  const tablet = useTablet();
  const member = useStaffMember();
  const signOut = useStaffSignOut();
  if (!tablet) return null;
  if (!member)
    return (
      <Button component={Link} to={paths.storeMode} variant="subtle" color="teal.9" size="md" px="xs">
        Entrar como vendedor
      </Button>
    );
  return (
    <>
      <Button component={Link} to={paths.storeMode} variant="subtle" color="teal.9" size="md" px="xs">
        {staffLabel(member)}
      </Button>
      <Button
        variant="default"
        size="md"
        px="xs"
        loading={signOut.isPending}
        onClick={() => signOut.mutate()}
      >
        Sair
      </Button>
    </>
  );
}
