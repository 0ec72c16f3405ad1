import { monitorEventLoopDelay } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import type { FastifyInstance } from 'fastify';
import underPressure from '@fastify/under-pressure';
import { sql } from 'drizzle-orm';
import { pendingMigrations } from '../db/migrate';
import { LoopDelayWatch } from './loop-delay-watch';
import { HttpFailure } from './operation';

// For a load balancer: /healthz says the process answers (restart it when not), /readyz says it
// should get traffic (database reachable, migrations done, not shedding). Under overload every
// other request is refused at once with 503 and Retry-After, so the balancer and the browser back
// off instead of a queue that grows until every request times out.

export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';
export const OVERLOAD_MESSAGE = 'A loja está com muitos acessos agora. Tente novamente em alguns segundos.';
const NOT_READY_MESSAGE = 'Servidor ainda não está pronto para atender.';
const DATABASE_CHECK_MS = 2000;

/**
 * under-pressure's health check, every second: unhealthy (shedding) once the loop's delay has been
 * over `limitMs` for SUSTAINED_SECONDS in a row. 0: no shedding by delay.
 */
function sustainedDelayCheck(app: FastifyInstance, limitMs: number) {
  if (limitMs <= 0) return {};
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  app.addHook('onClose', async () => histogram.disable());
  const watch = new LoopDelayWatch(limitMs);
  let shedding = false;
  return {
    healthCheck: async () => {
      // No sample yet (the check that runs as the plugin starts): nothing new to judge.
      if (histogram.count > 0) shedding = watch.observe(histogram.mean / 1e6);
      histogram.reset();
      return !shedding;
    },
    healthCheckInterval: 1000,
  };
}

class Overloaded extends HttpFailure {
  constructor() {
    super(503, OVERLOAD_MESSAGE);
  }
}

const noStore = { 'cache-control': 'no-store' } as const;

async function databaseReady(app: FastifyInstance): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('database did not answer in time'), DATABASE_CHECK_MS);
  });
  const check = (async () => {
    await app.database.db.execute(sql`SELECT 1`);
    const pending = await pendingMigrations(app.database);
    return pending.length ? `migrations pending: ${pending.join(', ')}` : null;
  })().catch((error: unknown) => `database unreachable: ${error instanceof Error ? error.message : 'error'}`);
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function registerHealth(app: FastifyInstance): Promise<void> {
  const config = app.config;
  const heapLimitMb = Math.floor((getHeapStatistics().heap_size_limit / 2 ** 20) * 0.9);
  const retryAfter = config.SHED_RETRY_AFTER_SECONDS;
  await app.register(underPressure, {
    // The delay is judged over seconds in a row (sustainedDelayCheck), not by under-pressure's own
    // one-second sample.
    maxEventLoopDelay: 0,
    ...sustainedDelayCheck(app, config.SHED_MAX_EVENT_LOOP_DELAY_MS),
    maxHeapUsedBytes: (config.SHED_MAX_HEAP_MB ?? heapLimitMb) * 2 ** 20,
    maxEventLoopUtilization: config.SHED_MAX_EVENT_LOOP_UTILIZATION,
    retryAfter,
    // Thrown into the app's error handler, which answers it like any intended failure; under-pressure
    // has set the 503 and Retry-After already.
    customError: Overloaded,
  });

  // The health routes answer for themselves: a process under pressure is alive but not ready.
  const answerAnyway = { config: { pressureHandler: () => undefined } };
  app.get(HEALTH_PATH, answerAnyway, async (_request, reply) =>
    reply.headers(noStore).send({ status: 'ok' }),
  );

  app.get(READY_PATH, answerAnyway, async (request, reply) => {
    const problem = app.isUnderPressure() ? 'overloaded' : await databaseReady(app);
    if (!problem) return reply.headers(noStore).send({ status: 'ok' });
    request.log.warn({ problem }, 'not ready');
    return reply
      .code(503)
      .header('retry-after', String(retryAfter))
      .headers(noStore)
      .send({ resposta: problem === 'overloaded' ? OVERLOAD_MESSAGE : NOT_READY_MESSAGE });
  });
}
