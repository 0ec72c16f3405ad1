import type { FastifyInstance } from 'fastify';

// Placeholder until the catalogue operations land (issue 3 replaces this file).
export async function catalogueRoutes(_app: FastifyInstance): Promise<void> {}
