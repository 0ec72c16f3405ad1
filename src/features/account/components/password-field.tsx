import '@mantine/core/styles/PasswordInput.css';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { forwardRef } from 'react';
import { PASSWORD_MAX } from '../../../domain/password';

/** A password input with a keyboard-reachable show/hide toggle and the 20-character limit. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordInputProps>(
  function PasswordField(props, ref) {
    return (
      <PasswordInput
        ref={ref}
        maxLength={PASSWORD_MAX}
        visibilityToggleFocusable
        visibilityToggleButtonProps={{
          'aria-label': `Mostrar ${String(props.label ?? 'senha').toLowerCase()}`,
        }}
        {...props}
      />
    );
  },
);
