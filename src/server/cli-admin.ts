/**
 * How a command group of `npm run store` calls the running server's admin routes (src/server/cli.ts
 * makes it: the base URL, the token and pt-BR errors are its business).
 */
export type AdminCall = (
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
) => Promise<Record<string, unknown>>;

/** A group of commands: runs `command` when it is one of the group's; false when it is not. */
export type CommandGroup = (
  command: string,
  positional: string[],
  options: Record<string, string>,
  admin: AdminCall,
) => Promise<boolean>;
