import { useState } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { LIST_NAME_MAX } from '../../../api/work-lists';

/** The list's name, typed: trimmed, 1 to LIST_NAME_MAX characters; the reason when it is not. */
function listNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Dê um nome à lista.';
  if (trimmed.length > LIST_NAME_MAX) return `Use no máximo ${LIST_NAME_MAX} caracteres.`;
  return null;
}

/** A list's name being typed (a new list, a rename), and what is wrong with it once checked. */
export function useListName(initial = '') {
  const [name, setName] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  /** The name when it will do; otherwise null, and the field says why. */
  const checked = (): string | null => {
    const found = listNameProblem(name);
    setProblem(found);
    return found ? null : name;
  };
  return { name, setName, problem, checked };
}

/** The text field of a list's name. */
export function ListNameField({
  field,
  ...props
}: { field: ReturnType<typeof useListName>; label: string } & Omit<TextInputProps, 'value' | 'onChange'>) {
  return (
    <TextInput
      placeholder="Ex.: Banheiro da Rua X"
      value={field.name}
      onChange={(event) => field.setName(event.currentTarget.value)}
      error={field.problem}
      maxLength={LIST_NAME_MAX}
      {...props}
    />
  );
}
