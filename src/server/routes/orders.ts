import type { FastifyInstance } from 'fastify';

// Placeholder until the order and payment operations land (issue 4 replaces this file).
export async function orderRoutes(_app: FastifyInstance): Promise<void> {}
