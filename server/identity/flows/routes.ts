/**
 * The self-service endpoints shared by all flows: create (browser and API), fetch, submit, and
 * follow an e-mailed link. Kind-specific behaviour lives in each FlowKindHandler.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FlowKind } from '../../../shared/identity-flow.js';
import type { IdentityContext } from '../context.js';
import { bodyOf } from '../http/body.js';
import { KratosError } from '../http/kratos-error.js';
import { isJsonRequest } from '../http/request-kind.js';
import { isUuid } from '../store/identities.js';
import { flowExpired } from '../ui/messages.js';
import type { Call } from './call.js';
import { checkSubmission } from './csrf-guard.js';
import type { FlowKindHandler, InitQuery } from './flow-kind.js';
import { addMessage, insert, isExpired, load, render, type Flow } from './flow-service.js';
import { respondError, respondFlow } from './respond.js';
import { browserInit, flowUi } from './urls.js';

export function registerFlowRoutes(app: FastifyInstance, ctx: IdentityContext, handlers: readonly FlowKindHandler[]): void {
  for (const handler of handlers) {
    const { kind } = handler;
    const callOf = (request: FastifyRequest, reply: FastifyReply, json = isJsonRequest(request)): Call => ({ ctx, request, reply, json });

    app.get(`/self-service/${kind}/browser`, async (request, reply) => {
      const call = callOf(request, reply);
      await guard(call, async () => {
        const flow = await handler.init(call, 'browser', request.query as InitQuery);
        await insert(call, flow);
        if (call.json) return void (await reply.code(200).send(render(flow)));
        await reply.redirect(flowUi(ctx.options, kind, { flow: flow.id }), 303);
      });
    });

    app.get(`/self-service/${kind}/api`, async (request, reply) => {
      const call = callOf(request, reply, true);
      await guard(call, async () => {
        const flow = await handler.init(call, 'api', request.query as InitQuery);
        await insert(call, flow);
        await reply.code(200).send(render(flow));
      });
    });

    app.get(`/self-service/${kind}/flows`, async (request, reply) => {
      const call = callOf(request, reply, true);
      await guard(call, async () => {
        const flow = await load(call, kind, (request.query as InitQuery).id);
        if (isExpired(call, flow)) throw expiredOnFetch(call, kind, flow);
        await handler.onFetch?.(call, flow);
        await reply.code(200).send(render(flow));
      });
    });

    app.post(`/self-service/${kind}`, async (request, reply) => {
      const call = callOf(request, reply);
      await guard(call, async () => {
        const flow = await load(call, kind, (request.query as InitQuery).flow);
        if (flow.type === 'api') call.json = true;
        const body = bodyOf(request.body);
        checkSubmission(request, flow, body, ctx.options);
        if (isExpired(call, flow)) return replaceExpired(call, handler, flow);
        await handler.submit(call, flow, body);
      });
    });

    if (handler.token) {
      const follow = handler.token.bind(handler);
      app.get(`/self-service/${kind}`, async (request, reply) => {
        const call = callOf(request, reply);
        await guard(call, async () => {
          const query = request.query as InitQuery;
          // Opening an admin-issued recovery (no token: the code comes separately) or a link.
          const adoptable = query.token !== undefined || (await isAdminIssued(call, kind, query.flow));
          const flow = await load(call, kind, query.flow, { adopt: adoptable });
          if (isExpired(call, flow)) return replaceExpired(call, handler, flow);
          if (!query.token) {
            if (!adoptable) throw new KratosError(400, { reason: 'The token query parameter is missing.' });
            return respondFlow(call, kind, flow);
          }
          await follow(call, flow, query.token);
        });
      });
    }
  }
}

async function isAdminIssued(call: Call, kind: FlowKind, id: string | undefined): Promise<boolean> {
  if (!id || !isUuid(id)) return false;
  const row = await call.ctx.db.query<{ admin: boolean }>(`SELECT (internal->>'admin_issued') = 'true' AS admin FROM flows WHERE id = $1 AND kind = $2`, [id, kind]);
  return row.rows[0]?.admin === true;
}

/** Protocol refusals become answers; anything else is a fault for the error handler. */
async function guard(call: Call, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof KratosError)) throw error;
    await respondError(call, error);
  }
}

async function replaceExpired(call: Call, handler: FlowKindHandler, expired: Flow): Promise<void> {
  const fresh = await handler.restart(call, expired);
  addMessage(fresh, flowExpired(handler.kind, expired.expires_at, call.ctx.now()));
  await insert(call, fresh);
  if (!call.json) return respondFlow(call, handler.kind, fresh);
  const since = call.ctx.now().getTime() - expired.expires_at.getTime();
  await call.reply.code(410).send({
    error: {
      id: 'self_service_flow_expired',
      code: 410,
      status: 'Gone',
      reason: `The self-service flow expired ${(since / 60_000).toFixed(2)} minutes ago, initialize a new one.`,
      message: 'self-service flow expired',
    },
    expired_at: expired.expires_at.toISOString(),
    since: since * 1_000_000,
    use_flow_id: fresh.id,
  });
}

function expiredOnFetch(call: Call, kind: FlowKind, flow: Flow): KratosError {
  const since = call.ctx.now().getTime() - flow.expires_at.getTime();
  const returnTo = flow.wire.return_to;
  return new KratosError(410, {
    id: 'self_service_flow_expired',
    reason: `The self-service flow expired ${(since / 60_000).toFixed(2)} minutes ago, initialize a new one.`,
    message: 'self-service flow expired',
    details:
      flow.type === 'browser'
        ? { redirect_to: browserInit(call.ctx.options, kind, { return_to: returnTo }), ...(returnTo ? { return_to: returnTo } : {}) }
        : { api: call.ctx.options.publicUrl.replace(/\/+$/, '') + `/self-service/${kind}/api` },
    extra: { expired_at: flow.expires_at.toISOString(), since: since * 1_000_000 },
  });
}
