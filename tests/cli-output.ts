import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import type { AdminCall, CommandGroup } from '../src/server/cli-admin';
import { ADMIN_PREFIX } from '../src/server/routes/admin';

/** What a command of `npm run store` prints (its console.log lines), its admin calls made by `admin`. */
export async function printedBy(
  group: CommandGroup,
  command: string,
  options: Record<string, string>,
  admin: AdminCall,
): Promise<string> {
  const lines: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line: unknown) => lines.push(String(line)));
  try {
    expect(await group(command, [], options, admin)).toBe(true);
  } finally {
    log.mockRestore();
  }
  return lines.join('\n');
}

/** What a command of `npm run store` prints against `app`, its admin calls made with `token`. */
export function printedOn(
  app: FastifyInstance,
  token: string,
  group: CommandGroup,
  command: string,
  options: Record<string, string> = {},
): Promise<string> {
  return printedBy(group, command, options, async (method, path, body) => {
    const response = await app.inject({
      method,
      url: `${ADMIN_PREFIX}${path}`,
      headers: { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Record<string, unknown>;
  });
}
