/**
 * The official SDK (@ory/client FrontendApi) against a running embedded identity service: if
 * the SDK can drive every flow, so can anything written for Kratos. Native (API) flows carry a
 * session token; browser flows carry cookies, which the SDK leaves to the caller in Node.
 */
import { Configuration, FrontendApi } from '@ory/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from './support/flows.js';
import { failure } from './support/sdk-failure.js';
import { startTestIdentity, type TestIdentity } from './support/identity-instance.js';
import { lastCode } from './support/mailbox.js';

let identity: TestIdentity;
let frontend: FrontendApi;
let n = 0;
const email = () => `sdk${++n}-${Date.now()}@example.com`;

beforeAll(async () => {
  identity = await startTestIdentity();
  frontend = new FrontendApi(new Configuration({ basePath: identity.publicUrl }));
});
afterAll(async () => identity?.stop());

async function nativeRegistration(address: string): Promise<string> {
  const { data: flow } = await frontend.createNativeRegistrationFlow();
  const { data } = await frontend.updateRegistrationFlow({
    flow: flow.id,
    updateRegistrationFlowBody: { method: 'password', traits: { email: address, name: { first: 'Sdk' } }, password: PASSWORD },
  });
  return data.session_token!;
}

/** Cookies the SDK's browser calls answered with, as one request header. */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(headers: Record<string, unknown>): void {
    const lines = headers['set-cookie'];
    for (const line of (Array.isArray(lines) ? lines : lines ? [lines] : []) as string[]) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      this.cookies.set(name!, value.join('='));
    }
  }
  get header(): { headers: { cookie: string } } {
    return { headers: { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } };
  }
}

describe('@ory/client FrontendApi', () => {
  it('registers and logs in natively, reads the session, lists and revokes sessions, logs out', async () => {
    const address = email();
    const registered = await nativeRegistration(address);
    expect(registered).toMatch(/^ory_st_/);
    const { data: session } = await frontend.toSession({ xSessionToken: registered });
    expect(session.identity?.traits.email).toBe(address);

    const { data: loginFlow } = await frontend.createNativeLoginFlow();
    expect(loginFlow.type).toBe('api');
    const wrong = await failure(
      frontend.updateLoginFlow({ flow: loginFlow.id, updateLoginFlowBody: { method: 'password', identifier: address, password: 'not the password at all' } }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.data.ui.messages[0].id).toBe(4000006);
    const { data: login } = await frontend.updateLoginFlow({ flow: loginFlow.id, updateLoginFlowBody: { method: 'password', identifier: address, password: PASSWORD } });
    expect(login.session.identity?.id).toBe(session.identity?.id);

    const { data: others } = await frontend.listMySessions({ xSessionToken: login.session_token });
    expect(others.map((s) => s.id)).toEqual([session.id]);
    const { data: count } = await frontend.disableMyOtherSessions({ xSessionToken: login.session_token });
    expect(count.count).toBe(1);
    expect((await failure(frontend.toSession({ xSessionToken: registered }))).status).toBe(401);

    await frontend.performNativeLogout({ performNativeLogoutBody: { session_token: login.session_token! } });
    expect((await failure(frontend.toSession({ xSessionToken: login.session_token }))).status).toBe(401);
  });

  it('updates settings natively and refuses a settings flow without a session', async () => {
    const token = await nativeRegistration(email());
    const { data: flow } = await frontend.createNativeSettingsFlow({ xSessionToken: token });
    const current = (flow.identity.traits as { email: string }).email;
    const { data: saved } = await frontend.updateSettingsFlow({
      flow: flow.id,
      xSessionToken: token,
      updateSettingsFlowBody: { method: 'profile', traits: { email: current, name: { first: 'Changed' } } },
    });
    expect(saved.state).toBe('success');
    expect((await frontend.getSettingsFlow({ id: flow.id, xSessionToken: token })).data.identity.traits.name.first).toBe('Changed');
    expect((await failure(frontend.createNativeSettingsFlow())).status).toBe(401);
  });

  it('recovers and verifies natively with e-mailed codes', async () => {
    const address = email();
    await nativeRegistration(address);
    const { data: recovery } = await frontend.createNativeRecoveryFlow();
    const { data: sent } = await frontend.updateRecoveryFlow({ flow: recovery.id, updateRecoveryFlowBody: { method: 'code', email: address } });
    expect(sent.state).toBe('sent_email');
    const { data: done } = await frontend.updateRecoveryFlow({ flow: recovery.id, updateRecoveryFlowBody: { method: 'code', code: await lastCode(identity, address) } });
    expect(done.state).toBe('passed_challenge');
    expect(done.continue_with?.map((c) => c.action)).toEqual(['set_ory_session_token', 'show_settings_ui']);

    const { data: verification } = await frontend.createNativeVerificationFlow();
    await frontend.updateVerificationFlow({ flow: verification.id, updateVerificationFlowBody: { method: 'code', email: address } });
    const { data: verified } = await frontend.updateVerificationFlow({
      flow: verification.id,
      updateVerificationFlowBody: { method: 'code', code: await lastCode(identity, address) },
    });
    expect(verified.state).toBe('passed_challenge');
  });

  it('drives browser flows with cookies: login, fetch, logout', async () => {
    const address = email();
    await nativeRegistration(address);
    const jar = new Jar();
    const created = await frontend.createBrowserLoginFlow({ returnTo: 'http://ui.test/after' }, jar.header);
    jar.take(created.headers);
    expect(created.data.return_to).toBe('http://ui.test/after');
    const { data: fetched } = await frontend.getLoginFlow({ id: created.data.id }, jar.header);
    const csrf = fetched.ui.nodes.find((node) => 'name' in node.attributes && node.attributes.name === 'csrf_token')!.attributes as { value: string };
    const logged = await frontend.updateLoginFlow(
      { flow: fetched.id, updateLoginFlowBody: { method: 'password', identifier: address, password: PASSWORD, csrf_token: csrf.value } },
      jar.header,
    );
    jar.take(logged.headers);
    expect(logged.data.session.active).toBe(true);
    expect((await frontend.toSession({}, jar.header)).data.id).toBe(logged.data.session.id);
    const { data: logout } = await frontend.createBrowserLogoutFlow({}, jar.header);
    await frontend.updateLogoutFlow({ token: logout.logout_token }, jar.header);
    expect((await failure(frontend.toSession({}, jar.header))).status).toBe(401);
  });

  it('reads schemas and flow errors', async () => {
    const { data: error } = await frontend.getFlowError({ id: 'stub:500' });
    expect(error.error).toMatchObject({ code: 500 });
    const missing = await failure(frontend.getLoginFlow({ id: '00000000-0000-4000-8000-000000000000' }));
    expect(missing.status).toBe(404);
  });
});
