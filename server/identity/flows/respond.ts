/**
 * The three ways a self-service request is answered: JSON for API clients and browser
 * JavaScript, redirects for browsers posting HTML forms. Each helper picks by `call.json`.
 */
import type { FlowKind } from '../../../shared/identity-flow.js';
import { KratosError } from '../http/kratos-error.js';
import { insertError } from '../store/errors.js';
import type { Call } from './call.js';
import { render, type Flow } from './flow-service.js';
import { flowUi } from './urls.js';

export async function respondFlow(call: Call, kind: FlowKind, flow: Flow, status = 200): Promise<void> {
  if (call.json || flow.type === 'api') {
    await call.reply.code(status).send(render(flow));
    return;
  }
  await call.reply.redirect(flowUi(call.ctx.options, kind, { flow: flow.id }), 303);
}

export async function respondRedirect(call: Call, location: string, jsonBody?: Record<string, unknown>): Promise<void> {
  if (call.json) {
    await call.reply.code(200).send(jsonBody ?? { redirect_browser_to: location });
    return;
  }
  await call.reply.redirect(location, 303);
}

/**
 * Errors: JSON clients get the envelope; a browser is sent to the error screen with the error
 * stored under an id (or straight to where the error says it should go).
 */
export async function respondError(call: Call, error: KratosError): Promise<void> {
  if (call.json) {
    await call.reply.code(error.status).send(error.body());
    return;
  }
  if (error.init.browserLocation) {
    await call.reply.redirect(error.init.browserLocation, 303);
    return;
  }
  const id = await insertError(call.ctx.db, error.body().error as Record<string, unknown>, call.ctx.now());
  await call.reply.redirect(flowUi(call.ctx.options, 'error', { id }), 303);
}
