/**
 * Ory's own clients on the identity service, unchanged: every flow type in every state the
 * service produces is rendered by Ory Elements (`theme` components, the CommonJS build,
 * server-side) and fetched through both of Ory's JavaScript SDKs. A team whose pages are built on
 * these can point them at sitewave's `/.ory` and see every input and every message.
 */
import { createRequire } from 'node:module';
import { Configuration as AxiosConfiguration, FrontendApi as AxiosFrontendApi } from '@ory/client';
import * as FetchSdk from '@ory/client-fetch';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowKind } from '../../../../shared/identity-flow.js';
import { startTestIdentity, type TestIdentity } from '../support/identity-instance.js';
import { walkFlowStates, type FlowState } from './flow-states.js';

// Ory documents the CommonJS build for server rendering; load it as Node would.
const require = createRequire(import.meta.url);
const theme = require('@ory/elements-react/theme') as Record<string, ComponentType<any>>;

const COMPONENT: Record<FlowKind, string> = { login: 'Login', registration: 'Registration', recovery: 'Recovery', verification: 'Verification', settings: 'Settings' };

interface Observed extends FlowState {
  html?: string;
  renderError?: string;
  viaFetch?: any;
  viaFetchError?: string;
  viaAxios?: any;
  viaAxiosError?: string;
}

let identity: TestIdentity;
const observed: Observed[] = [];

function elementsConfig(publicUrl: string) {
  const ui = 'http://ui.test';
  return {
    sdk: { url: publicUrl },
    project: {
      name: 'sitewave',
      default_redirect_url: `${ui}/`,
      error_ui_url: `${ui}/error`,
      login_ui_url: `${ui}/login`,
      recovery_enabled: true,
      recovery_ui_url: `${ui}/recovery`,
      registration_enabled: true,
      registration_ui_url: `${ui}/registration`,
      settings_ui_url: `${ui}/settings`,
      verification_enabled: true,
      verification_ui_url: `${ui}/verification`,
    },
  };
}

const FROM_JSON: Record<FlowKind, (json: any) => any> = {
  login: FetchSdk.LoginFlowFromJSON,
  registration: FetchSdk.RegistrationFlowFromJSON,
  recovery: FetchSdk.RecoveryFlowFromJSON,
  verification: FetchSdk.VerificationFlowFromJSON,
  settings: FetchSdk.SettingsFlowFromJSON,
};

async function fetchWithBothSdks(state: FlowState): Promise<Pick<Observed, 'viaFetch' | 'viaFetchError' | 'viaAxios' | 'viaAxiosError'>> {
  const fetchApi = new FetchSdk.FrontendApi(new FetchSdk.Configuration({ basePath: identity.publicUrl, headers: { cookie: state.cookie } }));
  const axiosApi = new AxiosFrontendApi(new AxiosConfiguration({ basePath: identity.publicUrl, baseOptions: { headers: { cookie: state.cookie } } }));
  const id = state.flow.id as string;
  const byFetch: Record<FlowKind, () => Promise<unknown>> = {
    login: () => fetchApi.getLoginFlow({ id }),
    registration: () => fetchApi.getRegistrationFlow({ id }),
    recovery: () => fetchApi.getRecoveryFlow({ id }),
    verification: () => fetchApi.getVerificationFlow({ id }),
    settings: () => fetchApi.getSettingsFlow({ id }),
  };
  const byAxios: Record<FlowKind, () => Promise<{ data: unknown }>> = {
    login: () => axiosApi.getLoginFlow({ id }),
    registration: () => axiosApi.getRegistrationFlow({ id }),
    recovery: () => axiosApi.getRecoveryFlow({ id }),
    verification: () => axiosApi.getVerificationFlow({ id }),
    settings: () => axiosApi.getSettingsFlow({ id }),
  };
  const result: Pick<Observed, 'viaFetch' | 'viaFetchError' | 'viaAxios' | 'viaAxiosError'> = {};
  try {
    result.viaFetch = await byFetch[state.kind]();
  } catch (error) {
    result.viaFetchError = await describeSdkError(error);
  }
  try {
    result.viaAxios = (await byAxios[state.kind]()).data;
  } catch (error) {
    result.viaAxiosError = String((error as { response?: { status?: number } }).response?.status ?? error);
  }
  return result;
}

async function describeSdkError(error: unknown): Promise<string> {
  if (error instanceof FetchSdk.ResponseError) return `${error.response.status} ${await error.response.text()}`;
  return String(error);
}

function render(state: FlowState): Pick<Observed, 'html' | 'renderError'> {
  try {
    const flow = FROM_JSON[state.kind](state.flow);
    return { html: renderToString(createElement(theme[COMPONENT[state.kind]]!, { flow, config: elementsConfig(identity.publicUrl) })) };
  } catch (error) {
    return { renderError: String((error as Error).stack ?? error) };
  }
}

beforeAll(async () => {
  identity = await startTestIdentity();
  await walkFlowStates(identity, async (state) => {
    observed.push({ ...state, ...render(state), ...(await fetchWithBothSdks(state)) });
  });
}, 240_000);
afterAll(async () => identity?.stop());

/** Inputs a person sees: everything but hidden fields. */
function visibleInputs(flow: any): { name: string; group: string; type: string }[] {
  return flow.ui.nodes
    .filter((n: any) => n.attributes.node_type === 'input' && n.attributes.type !== 'hidden')
    .map((n: any) => ({ name: n.attributes.name, group: n.group, type: n.attributes.type }));
}

function messagesOf(flow: any): { id: number; text: string }[] {
  return [...(flow.ui.messages ?? []), ...flow.ui.nodes.flatMap((n: any) => n.messages)];
}

/** The text inside the element Ory Elements tags with a message's id. */
function shownMessage(html: string, id: number): string | undefined {
  const match = new RegExp(`data-testid="ory/message/${id}"[^>]*>([^<]*)<`).exec(html);
  return match?.[1];
}

/**
 * Messages Ory Elements never prints: it replaces them with its own card heading ("check your
 * e-mail", "confirm it's you", "second factor") — `hiddenMessageIds` of its validation messages.
 */
const ELEMENTS_HEADING_IDS = new Set([1040009, 1060003, 1080003, 1010004, 1010014, 1010025, 1040005, 1010016, 1010003, 1060004, 1060005, 1060006]);

/**
 * An input is reachable when Elements renders it, or puts its method behind its own method
 * picker (aal2 lists the second factors first; a refused one offers "choose another method").
 */
function reachable(html: string, flow: any, input: { name: string; group: string }): boolean {
  if (html.includes(`name="${input.name}"`)) return true;
  if (html.includes(`data-testid="ory/form/auth-picker/${input.group}"`)) return true;
  // Once another method is active (a refused password sign-up), Elements draws that method's form
  // and leaves the passkey and security-key buttons to the fresh card, as it does on Kratos' flows.
  if ((input.group === 'passkey' || input.group === 'webauthn') && flow.active && flow.active !== input.group) return true;
  return input.group !== flow.active && /data-testid="ory\/screen\/login\/mfa\/action\/selectMethod"/.test(html);
}

/** Secrets a text node hands the person (TOTP key, backup codes): the reason the node exists. */
function secretsOf(node: any): string[] {
  const context = node.attributes.text?.context ?? {};
  if (typeof context.secret === 'string') return [context.secret];
  return Array.isArray(context.secrets) ? context.secrets.map((item: any) => String(item.context?.secret ?? item.text)) : [];
}

/** The same flow in two answers: the CSRF token is masked afresh, and null is what absent means. */
function comparable(flow: any): any {
  const copy = JSON.parse(JSON.stringify(flow, (_key, value) => (value === null ? undefined : value)));
  for (const node of copy.ui.nodes) if (node.attributes.name === 'csrf_token') node.attributes.value = '';
  return copy;
}

describe('every flow state the service produces', () => {
  it('covers every flow type and the states that matter to a client', () => {
    const names = observed.map((o) => `${o.kind}: ${o.name}`);
    for (const kind of Object.keys(COMPONENT)) expect(names.some((n) => n.startsWith(kind))).toBe(true);
    for (const state of ['fresh', 'refused with field messages', 'code sent', 'link sent', 'passed', 'refresh', 'aal2', 'continue_with']) {
      expect(
        names.some((n) => n.includes(state)),
        state,
      ).toBe(true);
    }
    expect(observed.length).toBeGreaterThanOrEqual(35);
  });

  it('names the active method and the organisation field as Kratos does', () => {
    const problems: string[] = [];
    for (const state of observed) {
      const where = `${state.kind}: ${state.name}`;
      const { active } = state.flow;
      // Ory Elements picks the recovery and verification screen by it, from the first answer on.
      if ((state.kind === 'recovery' || state.kind === 'verification') && active !== 'code' && active !== 'link') problems.push(`${where}: active ${active}`);
      const submitted = !['fresh', 'aal2', 'refresh', 'after recovery (privileged)', 'code sent (continue_with of a sign-up)'].includes(state.name);
      if (submitted && !active) problems.push(`${where}: no active method after a submit`);
      if (['login', 'registration', 'settings'].includes(state.kind) && !('organization_id' in state.flow)) problems.push(`${where}: no organization_id`);
    }
    expect(problems).toEqual([]);
    const refused = observed.find((o) => o.kind === 'login' && o.name === 'refused (wrong password)');
    expect(refused?.flow.active).toBe('password');
  });

  it('renders in Ory Elements without throwing, with every visible input and every message', () => {
    const problems: string[] = [];
    for (const state of observed) {
      const where = `${state.kind}: ${state.name}`;
      if (!state.html) {
        problems.push(`${where}: render threw ${state.renderError}`);
        continue;
      }
      for (const input of visibleInputs(state.flow)) {
        if (!reachable(state.html, state.flow, input)) problems.push(`${where}: input ${input.name} (${input.group}, ${input.type}) missing`);
      }
      for (const node of state.flow.ui.nodes.filter((n: any) => n.attributes.node_type === 'text')) {
        for (const secret of secretsOf(node)) if (!state.html.includes(secret)) problems.push(`${where}: ${node.attributes.id} does not show ${secret}`);
      }
      // Settings announces its flow messages as toasts once mounted: not part of server HTML.
      const toasts = state.kind === 'settings' ? new Set((state.flow.ui.messages ?? []).map((m: any) => m.id)) : new Set();
      for (const message of messagesOf(state.flow)) {
        if (ELEMENTS_HEADING_IDS.has(message.id) || toasts.has(message.id)) continue;
        const text = shownMessage(state.html, message.id);
        if (!text?.trim()) problems.push(`${where}: message ${message.id} not shown`);
        else if (/\{\{?\s*\w+/.test(text)) problems.push(`${where}: message ${message.id} shows a placeholder: ${text}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('parses through @ory/client-fetch: typed fields, no response-validation error, nothing dropped', () => {
    const problems: string[] = [];
    const TO_JSON: Record<FlowKind, (value: any) => any> = {
      login: FetchSdk.LoginFlowToJSON,
      registration: FetchSdk.RegistrationFlowToJSON,
      recovery: FetchSdk.RecoveryFlowToJSON,
      verification: FetchSdk.VerificationFlowToJSON,
      settings: FetchSdk.SettingsFlowToJSON,
    };
    for (const state of observed) {
      const where = `${state.kind}: ${state.name}`;
      const flow = state.viaFetch;
      if (!flow) {
        problems.push(`${where}: ${state.viaFetchError}`);
        continue;
      }
      if (!(flow.expires_at instanceof Date) || Number.isNaN(flow.expires_at.getTime())) problems.push(`${where}: expires_at is not a date`);
      if (flow.state !== state.flow.state || flow.active !== state.flow.active) problems.push(`${where}: state/active ${flow.state}/${flow.active}`);
      for (const [i, node] of flow.ui.nodes.entries()) {
        if (node.attributes.node_type !== state.flow.ui.nodes[i].attributes.node_type) problems.push(`${where}: node ${i} lost its type`);
      }
      // Written back as JSON, the SDK's model must hold every field the service sent.
      const roundTrip = JSON.parse(JSON.stringify(TO_JSON[state.kind](flow)));
      expect(comparable(roundTrip), where).toEqual(comparable(state.flow));
    }
    expect(problems).toEqual([]);
  });

  it('parses through @ory/client as the same flow', () => {
    for (const state of observed) {
      expect(state.viaAxiosError, `${state.kind}: ${state.name}`).toBeUndefined();
      expect(comparable(state.viaAxios), `${state.kind}: ${state.name}`).toEqual(comparable(state.flow));
    }
  });
});
