import type { FastifyInstance } from 'fastify';

// Placeholder until the customer operations land (issue 4 replaces this file).
export async function customerRoutes(_app: FastifyInstance): Promise<void> {}
