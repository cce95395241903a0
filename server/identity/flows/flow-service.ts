/**
 * Creating, loading, saving and rendering flows, the same way for all five kinds.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import type { FlowBase, FlowKind, FlowState, UiNode, UiText } from '../../../shared/identity-flow.js';
import { maskCsrfToken } from '../http/csrf.js';
import { KratosError } from '../http/kratos-error.js';
import { getFlow, insertFlow, saveFlow, type StoredFlow } from '../store/flows.js';
import { csrfNode } from '../ui/nodes.js';
import type { Call } from './call.js';
import { checkFlowOwner, ensureCsrfCookie } from './csrf-guard.js';
import { flowAction, publicPath } from './urls.js';

/** The wire flow as stored: the common fields and the kind's extras. */
export interface WireFlow extends FlowBase {
  [extra: string]: unknown;
}

export type Flow = StoredFlow<WireFlow, Record<string, unknown>>;

export interface NewFlow {
  kind: FlowKind;
  type: 'browser' | 'api';
  state: FlowState;
  returnTo?: string;
  /** Kind-specific wire fields (login's `refresh`, settings' `identity` ...). */
  extra?: Record<string, unknown>;
  internal?: Record<string, unknown>;
  /** Made outside any browser (admin API): no CSRF cookie now; the first browser to open it adopts it. */
  detached?: boolean;
  /** Overrides the flow lifespan. */
  lifespanMs?: number;
}

export function createFlow(call: Call, spec: NewFlow): Flow {
  const { ctx, request, reply } = call;
  const now = ctx.now();
  const id = randomUUID();
  const csrf = spec.type === 'browser' && !spec.detached ? ensureCsrfCookie(request, reply, ctx.options) : '';
  const wire: WireFlow = {
    id,
    type: spec.type,
    expires_at: new Date(now.getTime() + (spec.lifespanMs ?? ctx.options.lifespans.flowMs)).toISOString(),
    issued_at: now.toISOString(),
    request_url: publicPath(ctx.options, request.url),
    ...(spec.returnTo ? { return_to: spec.returnTo } : {}),
    ...spec.extra,
    ui: { action: flowAction(ctx.options, spec.kind, id), method: 'POST', nodes: [] },
    state: spec.state,
  };
  return {
    id,
    kind: spec.kind,
    type: spec.type,
    csrf_token: csrf,
    wire,
    internal: spec.internal ?? {},
    expires_at: new Date(wire.expires_at),
  };
}

/** Nodes of a fresh form: the CSRF node first, as the protocol orders it. */
export function setNodes(flow: Flow, nodes: UiNode[], messages: UiText[] = []): void {
  // Passkeys and security keys both ask for the WebAuthn script; the flow names it once.
  const scripts = new Set<string>();
  const unique = nodes.filter((node) => node.attributes.node_type !== 'script' || (!scripts.has(node.attributes.id) && !!scripts.add(node.attributes.id)));
  flow.wire.ui.nodes = [csrfNode(''), ...unique];
  setMessages(flow, messages);
}

export function setMessages(flow: Flow, messages: UiText[]): void {
  if (messages.length) flow.wire.ui.messages = messages;
  else delete flow.wire.ui.messages;
}

export function addMessage(flow: Flow, message: UiText): void {
  flow.wire.ui.messages = [...(flow.wire.ui.messages ?? []), message];
}

export async function insert(call: Call, flow: Flow, q: Queryable = call.ctx.db): Promise<void> {
  await insertFlow(q, flow, call.ctx.now());
}

export async function save(call: Call, flow: Flow): Promise<void> {
  if ('updated_at' in flow.wire) flow.wire.updated_at = call.ctx.now().toISOString();
  await saveFlow(call.ctx.db, flow, call.ctx.now());
}

/**
 * `adopt`: a secret link or an admin-issued recovery proves the right to the flow by itself, so
 * the browser that opens it takes the flow over (a link opened on another device still works).
 */
export async function load(call: Call, kind: FlowKind, id: unknown, options: { adopt?: boolean } = {}): Promise<Flow> {
  if (typeof id !== 'string' || !id) {
    throw new KratosError(400, { reason: 'The flow query parameter is missing or malformed.' });
  }
  const flow = (await getFlow(call.ctx.db, id, kind)) as Flow | undefined;
  if (!flow) throw new KratosError(404, { reason: `The ${kind} flow could not be found.`, message: 'The requested resource could not be found' });
  if (options.adopt && flow.type === 'browser') {
    flow.csrf_token = ensureCsrfCookie(call.request, call.reply, call.ctx.options);
    await call.ctx.db.query('UPDATE flows SET csrf_token = $2 WHERE id = $1', [flow.id, flow.csrf_token]);
  }
  checkFlowOwner(call.request, flow, call.ctx.options);
  return flow;
}

export function isExpired(call: Call, flow: Flow): boolean {
  return flow.expires_at.getTime() <= call.ctx.now().getTime();
}

/** The wire JSON, with the CSRF node's value masked afresh. */
export function render(flow: Flow): WireFlow {
  const wire = structuredClone(flow.wire);
  for (const node of wire.ui.nodes) {
    if (node.attributes.node_type === 'input' && node.attributes.name === 'csrf_token') {
      node.attributes.value = flow.type === 'browser' ? maskCsrfToken(flow.csrf_token) : '';
    }
  }
  return wire;
}
