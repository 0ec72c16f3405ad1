import { Text, type TextProps } from '@mantine/core';

/** A short error under what caused it, read out at once (role alert); nothing when there is none. */
export function ErrorText({ children, ...props }: TextProps & { children?: string | null | false }) {
  if (!children) return null;
  return (
    <Text c="red.8" size="sm" role="alert" {...props}>
      {children}
    </Text>
  );
}
