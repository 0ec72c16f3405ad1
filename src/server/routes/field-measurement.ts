import type { FastifyInstance } from 'fastify';
import {
  FIELD_BEACON_INVALID_MESSAGE,
  FIELD_REPORT_MANAGER_ONLY_MESSAGE,
  fieldBeacon,
  storePerformanceOperation,
} from '../../api/field-measurement';
import { FIELD_BEACON_MAX_BYTES, FIELD_BEACON_PATH } from '../../domain/field-measurement';
import { storeDate } from '../../domain/store-calendar';
import { serveOperation, validateInput } from '../http/operation';
import { fieldReport, recordBeacon } from '../services/field-measurement';
import { requireStaff } from '../services/staff-sessions';

// Field measurement (issue 39). The beacon: origin-checked (http/origin-check.ts, before the body
// is read), at most FIELD_BEACON_MAX_BYTES, rate-limited per address (http/rate-limits.ts), strict
// schema. Its cookies are never read and its address never stored: nothing in a sample tells one
// shopper apart. The manager's report: a manager signed in on a paired tablet.

export async function fieldMeasurementRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;

  app.post(
    FIELD_BEACON_PATH,
    { bodyLimit: FIELD_BEACON_MAX_BYTES, config: { limit: { bucket: 'field-measurement' } } },
    async (request, reply) => {
      const beacon = validateInput(fieldBeacon, request.body ?? {}, FIELD_BEACON_INVALID_MESSAGE);
      await recordBeacon(db, beacon, request.headers['user-agent'] ?? '', storeDate(app.clock()));
      return reply.code(204).header('cache-control', 'no-store').send();
    },
  );

  serveOperation(app, storePerformanceOperation, async ({ query, request, reply }) => {
    await requireStaff(db, request, reply, 'gerente', FIELD_REPORT_MANAGER_ONLY_MESSAGE);
    return fieldReport(db, query.dias, storeDate(app.clock()));
  });
}
