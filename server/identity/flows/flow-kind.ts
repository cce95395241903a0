/** What each of the five self-service flows supplies to the shared routes. */
import type { FlowKind } from '../../../shared/identity-flow.js';
import type { SubmittedBody } from '../http/body.js';
import type { Call } from './call.js';
import type { Flow } from './flow-service.js';

export type InitQuery = Record<string, string | undefined>;

export interface FlowKindHandler {
  kind: FlowKind;
  /** Builds a new flow for `GET …/browser` and `GET …/api`, or throws the protocol's refusal. */
  init(call: Call, type: 'browser' | 'api', query: InitQuery): Promise<Flow>;
  /** Extra checks when a flow is read (settings: same identity, enough AAL). */
  onFetch?(call: Call, flow: Flow): Promise<void>;
  /** A valid, unexpired, CSRF-checked submission: change the flow and answer. */
  submit(call: Call, flow: Flow, body: SubmittedBody): Promise<void>;
  /** `GET /self-service/<kind>?flow=&token=`: a link from an e-mail. */
  token?(call: Call, flow: Flow, token: string): Promise<void>;
  /** A fresh flow replacing an expired one, carrying what the old one was for. */
  restart(call: Call, expired: Flow): Promise<Flow>;
}
