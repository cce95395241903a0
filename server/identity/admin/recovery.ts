/**
 * `POST /admin/recovery/code` and `POST /admin/recovery/link`: support staff (or the API's
 * "send a recovery" action) open a recovery flow for an identity. The code variant answers the
 * code and a link to the flow, for the admin to pass on; nothing is e-mailed.
 */
import type { FastifyInstance } from 'fastify';
import type { IdentityContext } from '../context.js';
import type { Call } from '../flows/call.js';
import { createFlow, insert, setMessages } from '../flows/flow-service.js';
import { markRecoverySent } from '../flows/recovery.js';
import { publicPath } from '../flows/urls.js';
import { kratosErrorBody } from '../http/kratos-error.js';
import { randomAlphanumeric } from '../sessions/tokens.js';
import { getIdentity } from '../store/identities.js';
import { insertSecret } from '../store/one-time-secrets.js';
import { newCode } from '../strategies/code/one-time-code.js';
import { recordAdminChange } from '../audit.js';

const DEFAULT_EXPIRY_MS = 60 * 60_000;
const MAX_EXPIRY_MS = 7 * 24 * 60 * 60_000;

interface RecoveryBody {
  identity_id: string;
  expires_in?: string;
  flow_type?: 'browser' | 'api';
}

const bodySchema = {
  type: 'object',
  required: ['identity_id'],
  additionalProperties: false,
  properties: {
    identity_id: { type: 'string', format: 'uuid' },
    expires_in: { type: 'string', pattern: '^([0-9]+(ns|us|µs|ms|s|m|h))+$' },
    flow_type: { type: 'string', enum: ['browser', 'api'] },
  },
} as const;

/** Go duration strings as Kratos takes them: "1h", "15m", "1h30m". */
export function parseDuration(text: string): number {
  const units: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  let total = 0;
  for (const [, amount, unit] of text.matchAll(/([0-9]+)(ns|us|µs|ms|s|m|h)/g)) total += Number(amount) * units[unit!]!;
  return total;
}

export function registerAdminRecoveryRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  const open = async (call: Call, body: RecoveryBody, kind: 'code' | 'link') => {
    const identity = await getIdentity(ctx.db, body.identity_id);
    if (!identity) {
      return call.reply.code(404).send(kratosErrorBody(404, { reason: `No identity with id ${body.identity_id}.` }));
    }
    const expiresMs = body.expires_in ? parseDuration(body.expires_in) : DEFAULT_EXPIRY_MS;
    if (expiresMs <= 0 || expiresMs > MAX_EXPIRY_MS) {
      return call.reply.code(400).send(kratosErrorBody(400, { reason: 'expires_in must be more than zero and at most 168h.' }));
    }
    const address = identity.recovery_addresses[0];
    const flow = createFlow(call, {
      kind: 'recovery',
      type: body.flow_type ?? 'browser',
      state: 'sent_email',
      detached: true,
      lifespanMs: expiresMs,
      internal: { admin_issued: true },
    });
    markRecoverySent(flow, address?.value ?? '', kind);
    // Nothing was e-mailed: the admin hands the code or link over.
    setMessages(flow, []);
    const secret = kind === 'code' ? newCode() : randomAlphanumeric(43);
    await ctx.db.transaction(async (tx) => {
      await insert(call, flow, tx);
      await insertSecret(
        tx,
        {
          flow_id: flow.id,
          purpose: 'recovery',
          kind,
          address: address?.value ?? '',
          via: address?.via ?? 'email',
          identity_id: identity.id,
          expires_at: flow.expires_at,
        },
        secret,
        ctx.now(),
      );
      // How it was issued, never the code or link itself.
      await recordAdminChange(
        tx,
        call.request,
        { action: 'user.recovery_issued', identityId: identity.id, details: { kind, expiresAt: flow.expires_at.toISOString() } },
        ctx.now(),
      );
    });
    const link = publicPath(ctx.options, `/self-service/recovery?flow=${flow.id}`);
    if (kind === 'code') {
      return call.reply.code(201).send({ recovery_link: link, recovery_code: secret, expires_at: flow.expires_at.toISOString() });
    }
    return call.reply.code(200).send({ recovery_link: `${link}&token=${secret}`, expires_at: flow.expires_at.toISOString() });
  };

  app.post<{ Body: RecoveryBody }>('/admin/recovery/code', { schema: { body: bodySchema } }, (request, reply) => open({ ctx, request, reply, json: true }, request.body, 'code'));
  app.post<{ Body: RecoveryBody }>('/admin/recovery/link', { schema: { body: bodySchema } }, (request, reply) => open({ ctx, request, reply, json: true }, request.body, 'link'));
}
