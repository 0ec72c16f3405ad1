import { List, Text, VisuallyHidden } from '@mantine/core';
import { passwordChecklist } from '../../../domain/password';

/**
 * Ticks or crosses as the password is typed. It informs and never blocks the button; the
 * server refuses a weak password with its own message.
 */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  return (
    <List id={id} size="sm" listStyleType="none" spacing={2} aria-label="Requisitos da senha" m={0} p={0}>
      {passwordChecklist(password).map((item) => (
        <List.Item key={item.key} data-ok={item.ok}>
          <Text component="span" size="sm" c={item.ok ? 'var(--mantine-color-green-light-color)' : 'red.9'}>
            <span aria-hidden="true">{item.ok ? '✓' : '✗'} </span>
            {item.label}
            <VisuallyHidden>{item.ok ? ' (atendido)' : ' (não atendido)'}</VisuallyHidden>
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
