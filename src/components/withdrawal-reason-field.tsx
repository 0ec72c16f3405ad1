import { Textarea } from '@mantine/core';
import { WITHDRAWAL_REASON_MAX } from '../api/withdrawal';

/** 'Motivo (opcional)' of a withdrawal, on the order page and at the store's counter. */
export function WithdrawalReasonField({
  value,
  onChange,
}: {
  value: string;
  onChange: (text: string) => void;
}) {
  return (
    <Textarea
      label="Motivo (opcional)"
      maxLength={WITHDRAWAL_REASON_MAX}
      autosize
      minRows={2}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
