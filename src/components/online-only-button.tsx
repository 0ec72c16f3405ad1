import { useId } from 'react';
import { Button, Text, type ButtonProps } from '@mantine/core';
import { OFFLINE_ACTION_REASON, useOnlineStatus } from '../hooks/online-status';

type OnlineOnlyButtonProps = ButtonProps &
  Omit<React.ComponentPropsWithoutRef<'button'>, keyof ButtonProps | 'color' | 'style'> & {
    style?: React.CSSProperties;
  };

/**
 * A button for an action that needs the network (sign-in, freight, payment, order). Offline it is
 * disabled and says why in plain words under it, tied to the button for screen readers, instead of
 * letting the request fail.
 */
export function OnlineOnlyButton({ disabled, ...props }: OnlineOnlyButtonProps) {
  const online = useOnlineStatus();
  const reasonId = useId();
  return (
    <>
      <Button {...props} disabled={disabled || !online} aria-describedby={online ? undefined : reasonId} />
      {online ? null : (
        <Text id={reasonId} size="xs" c="dark.5" role="status">
          {OFFLINE_ACTION_REASON}
        </Text>
      )}
    </>
  );
}
