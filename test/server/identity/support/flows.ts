/** Steps of the self-service flows as a single-page app performs them. */
import { csrfOf, TestBrowser, type Answer } from './browser.js';

export type FlowKind = 'login' | 'registration' | 'recovery' | 'verification' | 'settings';

export async function startFlow(browser: TestBrowser, kind: FlowKind, query = ''): Promise<any> {
  const answer = await browser.get(`/self-service/${kind}/browser${query}`);
  if (answer.status !== 200) throw new Error(`starting ${kind} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

export async function submit(browser: TestBrowser, kind: FlowKind, flow: any, body: Record<string, unknown>): Promise<Answer> {
  return browser.postJson(`/self-service/${kind}?flow=${flow.id}`, { csrf_token: csrfOf(flow), ...body });
}

export function node(flow: any, name: string): any {
  return flow.ui.nodes.find((n: any) => n.attributes.name === name || n.attributes.id === name);
}

export function messageIds(flow: any): number[] {
  return [...(flow.ui.messages ?? []), ...flow.ui.nodes.flatMap((n: any) => n.messages)].map((m: any) => m.id);
}

export const PASSWORD = 'correct horse battery staple 42';

export async function register(browser: TestBrowser, email: string, password = PASSWORD): Promise<Answer> {
  const flow = await startFlow(browser, 'registration');
  return submit(browser, 'registration', flow, { method: 'password', traits: { email, name: { first: 'Ada', last: 'Lovelace' } }, password });
}

export async function login(browser: TestBrowser, identifier: string, password = PASSWORD): Promise<Answer> {
  const flow = await startFlow(browser, 'login');
  return submit(browser, 'login', flow, { method: 'password', identifier, password });
}
