/**
 * Drives the identity service through every flow type and state it can produce, as a browser
 * would, and hands each state to an observer the moment it is reached (a flow moves on when it
 * is submitted, so "fetch it later" would see a later state). Third-party clients must cope with
 * all of these, not only with the fresh forms.
 */
import * as OTPAuth from 'otpauth';
import type { FlowKind } from '../../../../shared/identity-flow.js';
import { TestBrowser, type Answer } from '../support/browser.js';
import { node, PASSWORD, register, startFlow, submit } from '../support/flows.js';
import type { TestIdentity } from '../support/identity-instance.js';
import { lastCode } from '../support/mailbox.js';

export interface FlowState {
  /** What a reader of a failing test needs: kind, then the state in words. */
  name: string;
  kind: FlowKind;
  /** The flow as the service answered it. */
  flow: any;
  /** The cookies of the browser the flow belongs to (CSRF, session). */
  cookie: string;
}

export type Observer = (state: FlowState) => Promise<void>;

function totpCode(flow: any, at: Date): string {
  const secret = node(flow, 'totp_secret_key').attributes.text.context.secret;
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at.getTime() });
}

function wrongCode(right: string): string {
  return right === '000000' ? '111111' : '000000';
}

export async function walkFlowStates(identity: TestIdentity, observe: Observer): Promise<string[]> {
  const names: string[] = [];
  let n = 0;
  const address = (label: string) => `compat-${label}-${++n}-${Date.now()}@example.com`;
  const browser = () => new TestBrowser(identity.publicUrl);

  async function seen(name: string, kind: FlowKind, b: TestBrowser, answer: Answer | any, status?: number): Promise<any> {
    const isAnswer = answer && typeof answer === 'object' && 'status' in answer && 'headers' in answer;
    const flow = isAnswer ? answer.body : answer;
    if (isAnswer && status !== undefined && answer.status !== status) {
      throw new Error(`${kind} "${name}" answered ${answer.status}, expected ${status}: ${JSON.stringify(flow)}`);
    }
    if (!flow?.ui) throw new Error(`${kind} "${name}" is not a flow: ${JSON.stringify(flow)}`);
    names.push(`${kind}: ${name}`);
    await observe({ name, kind, flow, cookie: b.cookieHeader() });
    return flow;
  }

  // Registration: fresh, refused with field messages, code sent, wrong code.
  const signup = browser();
  let flow = await seen('fresh', 'registration', signup, await startFlow(signup, 'registration'));
  await seen(
    'refused with field messages',
    'registration',
    signup,
    await submit(signup, 'registration', flow, { method: 'password', traits: { email: 'not an address' }, password: 'short' }),
    400,
  );
  const byCode = browser();
  const codeAddress = address('code');
  flow = await startFlow(byCode, 'registration');
  flow = await seen(
    'code sent',
    'registration',
    byCode,
    await submit(byCode, 'registration', flow, { method: 'code', traits: { email: codeAddress, name: { first: 'Code' } } }),
    200,
  );
  const rightSignupCode = await lastCode(identity, codeAddress);
  await seen('wrong code', 'registration', byCode, await submit(byCode, 'registration', flow, { method: 'code', code: wrongCode(rightSignupCode) }), 400);

  // Sign-up with a password answers continue_with: the verification flow it names, code sent.
  const owner = browser();
  let email = address('owner');
  const registered = await register(owner, email);
  const verifyItem = registered.body.continue_with.find((c: any) => c.action === 'show_verification_ui');
  const verifyAnswer = await owner.get(`/self-service/verification/flows?id=${verifyItem.flow.id}`);
  flow = await seen('code sent (continue_with of a sign-up)', 'verification', owner, verifyAnswer, 200);
  const verifyCode = await lastCode(identity, email);
  flow = await seen('wrong code', 'verification', owner, await submit(owner, 'verification', flow, { method: 'code', code: wrongCode(verifyCode) }), 200);
  await seen('passed', 'verification', owner, await submit(owner, 'verification', flow, { method: 'code', code: verifyCode }), 200);
  flow = await seen('fresh', 'verification', owner, await startFlow(owner, 'verification'));
  await seen('refused with field messages', 'verification', owner, await submit(owner, 'verification', flow, { method: 'code', email: '' }), 400);
  flow = await startFlow(owner, 'verification');
  await seen('link sent', 'verification', owner, await submit(owner, 'verification', flow, { method: 'link', email }), 200);

  // Settings: every method's change, refusals, and an address change answering continue_with.
  flow = await seen('fresh', 'settings', owner, await startFlow(owner, 'settings'));
  flow = await seen('refused with field messages (password)', 'settings', owner, await submit(owner, 'settings', flow, { method: 'password', password: 'short' }), 400);
  flow = await seen(
    'profile saved',
    'settings',
    owner,
    await submit(owner, 'settings', flow, { method: 'profile', traits: { email, name: { first: 'Grace', last: 'Hopper' } } }),
    200,
  );
  email = address('moved');
  flow = await seen(
    'address changed (continue_with verification)',
    'settings',
    owner,
    await submit(owner, 'settings', flow, { method: 'profile', traits: { email, name: { first: 'Grace' } } }),
    200,
  );
  flow = await seen('password saved', 'settings', owner, await submit(owner, 'settings', flow, { method: 'password', password: `${PASSWORD} again` }), 200);
  const password = `${PASSWORD} again`;
  flow = await seen(
    'authenticator code refused',
    'settings',
    owner,
    await submit(owner, 'settings', flow, { method: 'totp', totp_code: wrongCode(totpCode(flow, identity.clock.now())) }),
    400,
  );
  const totpFlow = flow;
  flow = await seen('authenticator linked', 'settings', owner, await submit(owner, 'settings', flow, { method: 'totp', totp_code: totpCode(flow, identity.clock.now()) }), 200);
  flow = await seen('backup codes generated', 'settings', owner, await submit(owner, 'settings', flow, { method: 'lookup_secret', lookup_secret_regenerate: true }), 200);
  flow = await seen('backup codes confirmed', 'settings', owner, await submit(owner, 'settings', flow, { method: 'lookup_secret', lookup_secret_confirm: true }), 200);
  await seen('backup codes revealed', 'settings', owner, await submit(owner, 'settings', flow, { method: 'lookup_secret', lookup_secret_reveal: true }), 200);

  // Login: fresh, refused (credentials, then a missing field), code sent, wrong code.
  const visitor = browser();
  flow = await seen('fresh', 'login', visitor, await startFlow(visitor, 'login'));
  flow = await seen(
    'refused (wrong password)',
    'login',
    visitor,
    await submit(visitor, 'login', flow, { method: 'password', identifier: email, password: 'not the password at all' }),
    400,
  );
  await seen('refused with field messages', 'login', visitor, await submit(visitor, 'login', flow, { method: 'password', identifier: email, password: '' }), 400);
  const codeVisitor = browser();
  flow = await startFlow(codeVisitor, 'login');
  flow = await seen('code sent', 'login', codeVisitor, await submit(codeVisitor, 'login', flow, { method: 'code', identifier: email }), 200);
  await seen('wrong code', 'login', codeVisitor, await submit(codeVisitor, 'login', flow, { method: 'code', code: wrongCode(await lastCode(identity, email)) }), 400);

  // A second factor is set up: the first factor leads to aal2; then "confirm it's you".
  flow = await startFlow(visitor, 'login');
  const first = await submit(visitor, 'login', flow, { method: 'password', identifier: email, password });
  if (first.status !== 422) throw new Error(`expected a step-up after the first factor, got ${first.status}`);
  flow = await seen('aal2', 'login', visitor, await startFlow(visitor, 'login', '?aal=aal2'));
  flow = await seen(
    'aal2 refused',
    'login',
    visitor,
    await submit(visitor, 'login', flow, { method: 'totp', totp_code: wrongCode(totpCode(totpFlow, identity.clock.now())) }),
    400,
  );
  const stepped = await submit(visitor, 'login', flow, { method: 'totp', totp_code: totpCode(totpFlow, identity.clock.now()) });
  if (stepped.status !== 200) throw new Error(`aal2 sign-in answered ${stepped.status}: ${JSON.stringify(stepped.body)}`);
  await seen('refresh', 'login', visitor, await startFlow(visitor, 'login', '?refresh=true'));
  flow = await startFlow(visitor, 'settings');
  flow = await seen('authenticator unlinked', 'settings', visitor, await submit(visitor, 'settings', flow, { method: 'totp', totp_unlink: true }), 200);
  // Without a second factor left, recovery below leads to a settings flow without a step-up.
  await seen('backup codes disabled', 'settings', visitor, await submit(visitor, 'settings', flow, { method: 'lookup_secret', lookup_secret_disable: true }), 200);

  // Recovery: fresh, refused, code sent, wrong code, passed (continue_with settings), link sent.
  const lost = browser();
  flow = await seen('fresh', 'recovery', lost, await startFlow(lost, 'recovery'));
  flow = await seen('refused with field messages', 'recovery', lost, await submit(lost, 'recovery', flow, { method: 'code', email: '' }), 400);
  flow = await seen('code sent', 'recovery', lost, await submit(lost, 'recovery', flow, { method: 'code', email }), 200);
  const recoveryCode = await lastCode(identity, email);
  flow = await seen('wrong code', 'recovery', lost, await submit(lost, 'recovery', flow, { method: 'code', code: wrongCode(recoveryCode) }), 200);
  const passed = await seen('passed (continue_with settings)', 'recovery', lost, await submit(lost, 'recovery', flow, { method: 'code', code: recoveryCode }), 200);
  const settingsItem = passed.continue_with.find((c: any) => c.action === 'show_settings_ui');
  await seen('after recovery (privileged)', 'settings', lost, await lost.get(`/self-service/settings/flows?id=${settingsItem.flow.id}`), 200);
  const linked = browser();
  flow = await startFlow(linked, 'recovery');
  await seen('link sent', 'recovery', linked, await submit(linked, 'recovery', flow, { method: 'link', email }), 200);
  return names;
}
