import { Button } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { staffLabel, staffLabelParts, useStaffMember, useStaffSignOut } from '../api/staff';
import { useTablet } from '../api/tablet';
import classes from './staff-badge.module.css';

/** On a phone the header's row may be narrower than even 'Ana': it shrinks, with an ellipsis. */
const ellipsis = {
  label: { display: 'block', height: 'auto', overflow: 'hidden', textOverflow: 'ellipsis' },
} as const;

/**
 * The header of a paired tablet with a seller signed in: 'Vendedor: Ana' and 'Sair'. Signed out,
 * nothing: the store's name beside it leads to /loja, where 'Entrar como vendedor' is.
 */
export function StaffBadge() {
  const tablet = useTablet();
  const member = useStaffMember();
  const signOut = useStaffSignOut();
  if (!tablet || !member) return null;
  const label = staffLabel(member);
  const { role, name } = staffLabelParts(member);
  return (
    <>
      <Button
        component={Link}
        to={paths.storeMode}
        variant="subtle"
        color="dark"
        size="compact-md"
        h={48}
        miw={0}
        className={classes.link}
        styles={ellipsis}
        // A phone shows only the name: the link keeps the whole label as its name.
        aria-label={label}
      >
        <span className={classes.role}>{role}: </span>
        {name}
      </Button>
      <Button
        variant="default"
        size="compact-md"
        h={48}
        style={{ flexShrink: 0 }}
        loading={signOut.isPending}
        onClick={() => signOut.mutate()}
      >
        Sair
      </Button>
    </>
  );
}
