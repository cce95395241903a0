/**
 * For the gateway only: the refusals it answered itself (refusal-reports.ts there), recorded in
 * this trail as one event per actor, action and minute, all of a report in one transaction. Not
 * reachable through the gateway (no `/api` path); here the report's signature is the credential:
 * ours, fresh, over exactly this body, and used once by this instance — a forged, edited, stale or
 * replayed report is a 401 or 409 and records nothing.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { Type } from 'typebox';
import { ASSERTION_MAX_LIFETIME_S } from '../../../shared/identity-assertion.js';
import { UUID } from '../../../shared/uuid.js';
import type { NewAuditEvent } from '../../audit/chain.js';
import { REFUSAL_ACTIONS, REFUSAL_REPORT_HEADER, REFUSAL_REPORT_MAX_ITEMS, REFUSAL_REPORT_PATH, verifyRefusalReport } from '../../audit/refusal-report.js';
import type { Database } from '../../db/database.js';
import { parseJsonRefusingPrototypeKeys } from '../../http/prototype-keys.js';
import { ApiError } from '../http/api-error.js';
import type { AuditRecorder } from './recorder.js';

const ReportBody = Type.Object(
  {
    refusals: Type.Array(
      Type.Object(
        {
          action: Type.Enum(REFUSAL_ACTIONS),
          minute: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$' }),
          count: Type.Integer({ minimum: 1 }),
          identityId: Type.Union([Type.String({ pattern: UUID.source }), Type.Null()]),
          address: Type.Union([Type.String({ maxLength: 100 }), Type.Null()]),
          routes: Type.Array(Type.String({ maxLength: 300 }), { maxItems: 10 }),
          origins: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 5 })),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: REFUSAL_REPORT_MAX_ITEMS },
    ),
  },
  { additionalProperties: false },
);

export async function registerRefusalReportRoute(app: FastifyInstance, deps: { db: Database; recorder: AuditRecorder; assertionKey: Uint8Array }): Promise<void> {
  // Reports already taken, for as long as their signature could still be presented.
  const taken = new LRUCache<string, true>({ max: 100_000, ttl: (ASSERTION_MAX_LIFETIME_S + 5) * 1000 });
  const bodies = new WeakMap<FastifyRequest, string>();
  const reportIds = new WeakMap<FastifyRequest, string>();

  await app.register(async (scoped) => {
    // The signature covers the exact bytes sent, so this route keeps them beside the parsed body.
    scoped.removeContentTypeParser('application/json');
    scoped.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (request, body, done) => {
      bodies.set(request, body as string);
      try {
        done(null, parseJsonRefusingPrototypeKeys(body as string));
      } catch (error) {
        done(new ApiError(400, `The report is not valid JSON: ${(error as Error).message}`), undefined);
      }
    });
    scoped.withTypeProvider<TypeBoxTypeProvider>().post(
      REFUSAL_REPORT_PATH,
      {
        schema: { hide: true, body: ReportBody },
        // Before validation: an unsigned caller learns nothing about the body's shape.
        preValidation: async (request) => {
          const token = request.headers[REFUSAL_REPORT_HEADER];
          if (typeof token !== 'string' || !token) throw new ApiError(401, 'This call needs the gateway’s signed refusal report');
          let reportId: string;
          try {
            reportId = await verifyRefusalReport(deps.assertionKey, token, bodies.get(request) ?? '');
          } catch {
            throw new ApiError(401, 'The refusal report’s signature is invalid, expired or over another body');
          }
          if (taken.has(reportId)) throw new ApiError(409, 'This refusal report was already recorded');
          taken.set(reportId, true);
          reportIds.set(request, reportId);
        },
      },
      async (request, reply) => {
        const report = request.body;
        const events = report.refusals.map((refusal): NewAuditEvent => ({
          actor: refusal.identityId ? { type: 'identity', id: refusal.identityId.toLowerCase(), address: refusal.address } : { type: 'anonymous', address: refusal.address },
          action: refusal.action,
          target: null,
          outcome: 'denied',
          requestId: reportIds.get(request) ?? null,
          details: {
            count: refusal.count,
            minute: refusal.minute,
            routes: refusal.routes,
            ...(refusal.origins ? { origins: refusal.origins } : {}),
            source: 'gateway',
          },
        }));
        await deps.recorder.recordReported(deps.db, events);
        return reply.code(204).send();
      },
    );
  });
}
