/**
 * Every form the embedded service renders, node by node, against the protocol reference: input
 * name, input type, group and label id, in order. A client written for Kratos finds what it
 * expects. (The reference is the Kratos wire summary in the project's shared design notes.)
 */
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from './support/browser.js';
import { login, node, register, startFlow, submit } from './support/flows.js';
import { startTestIdentity, type TestIdentity } from './support/identity-instance.js';
import { lastCode } from './support/mailbox.js';

let identity: TestIdentity;
let n = 0;
const email = () => `shape${++n}-${Date.now()}@example.com`;
const browser = () => new TestBrowser(identity.publicUrl);

beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(async () => identity?.stop());

/** [name or id, input type or node type, group, label id] per node. */
function shape(flow: any): [string, string, string, number | undefined][] {
  return flow.ui.nodes.map((x: any) => [
    x.attributes.name ?? x.attributes.id,
    x.attributes.node_type === 'input' ? x.attributes.type : x.attributes.node_type,
    x.group,
    x.meta.label?.id,
  ]);
}

const csrf: [string, string, string, undefined] = ['csrf_token', 'hidden', 'default', undefined];

describe('node shapes', () => {
  it('login: first factor with password and code', async () => {
    expect(shape(await startFlow(browser(), 'login'))).toEqual([
      csrf,
      ['identifier', 'text', 'default', 1070002],
      ['password', 'password', 'password', 1070001],
      ['method', 'submit', 'password', 1010022],
      ['method', 'submit', 'code', 1010015],
      ['passkey_challenge', 'hidden', 'passkey', undefined],
      ['webauthn_script', 'script', 'webauthn', undefined],
      ['passkey_login', 'hidden', 'passkey', undefined],
      ['passkey_login_trigger', 'button', 'passkey', 1010021],
    ]);
  });

  it('login: code sent', async () => {
    const address = email();
    await register(browser(), address);
    const b = browser();
    const sent = await submit(b, 'login', await startFlow(b, 'login'), { method: 'code', identifier: address });
    expect(shape(sent.body)).toEqual([
      csrf,
      ['identifier', 'hidden', 'code', undefined],
      ['method', 'hidden', 'code', undefined],
      ['code', 'text', 'code', 1070013],
      ['method', 'submit', 'code', 1070009],
      ['resend', 'submit', 'code', 1070008],
    ]);
    expect(node(sent.body, 'code').attributes.autocomplete).toBe('one-time-code');
  });

  it('login: refresh and aal2', async () => {
    const b = browser();
    const address = email();
    await register(b, address);
    expect(shape(await startFlow(b, 'login', '?refresh=true'))).toEqual([
      csrf,
      ['identifier', 'hidden', 'default', undefined],
      ['password', 'password', 'password', 1070001],
      ['method', 'submit', 'password', 1010001],
    ]);
    const settings = await startFlow(b, 'settings');
    const secret = node(settings, 'totp_secret_key').attributes.text.context.secret;
    const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: identity.clock.now().getTime() });
    await submit(b, 'settings', settings, { method: 'totp', totp_code: code });
    const generated = await submit(b, 'settings', await startFlow(b, 'settings'), { method: 'lookup_secret', lookup_secret_regenerate: true });
    await submit(b, 'settings', generated.body, { method: 'lookup_secret', lookup_secret_confirm: true });
    const other = browser();
    await login(other, address);
    expect(shape(await startFlow(other, 'login', '?aal=aal2'))).toEqual([
      csrf,
      ['identifier', 'hidden', 'default', undefined],
      ['totp_code', 'text', 'totp', 1010006],
      ['method', 'submit', 'totp', 1010009],
      ['lookup_secret', 'text', 'lookup_secret', 1010007],
      ['method', 'submit', 'lookup_secret', 1010010],
    ]);
  });

  it('registration: traits, password and code', async () => {
    expect(shape(await startFlow(browser(), 'registration'))).toEqual([
      csrf,
      ['traits.email', 'email', 'default', 1070002],
      ['traits.name.first', 'text', 'default', 1070002],
      ['traits.name.last', 'text', 'default', 1070002],
      ['password', 'password', 'password', 1070001],
      ['method', 'submit', 'password', 1040001],
      ['method', 'submit', 'code', 1040006],
      ['passkey_create_data', 'hidden', 'passkey', undefined],
      ['passkey_register_trigger', 'button', 'passkey', 1040007],
      ['webauthn_script', 'script', 'webauthn', undefined],
      ['passkey_register', 'hidden', 'passkey', undefined],
    ]);
  });

  it('registration: code sent', async () => {
    const b = browser();
    const sent = await submit(b, 'registration', await startFlow(b, 'registration'), { method: 'code', traits: { email: email() } });
    expect(shape(sent.body)).toEqual([
      csrf,
      ['traits.email', 'hidden', 'default', undefined],
      ['traits.name.first', 'hidden', 'default', undefined],
      ['traits.name.last', 'hidden', 'default', undefined],
      ['method', 'hidden', 'code', undefined],
      ['code', 'text', 'code', 1070012],
      ['method', 'submit', 'code', 1070009],
      ['resend', 'submit', 'code', 1070008],
    ]);
  });

  it('settings: profile, password, TOTP set-up, backup codes; then TOTP linked', async () => {
    const b = browser();
    await register(b, email());
    const flow = await startFlow(b, 'settings');
    expect(shape(flow)).toEqual([
      csrf,
      ['traits.email', 'email', 'profile', 1070002],
      ['traits.name.first', 'text', 'profile', 1070002],
      ['traits.name.last', 'text', 'profile', 1070002],
      ['method', 'submit', 'profile', 1070003],
      ['password', 'password', 'password', 1070001],
      ['method', 'submit', 'password', 1070003],
      ['webauthn_register_displayname', 'text', 'webauthn', 1050013],
      ['webauthn_register', 'hidden', 'webauthn', undefined],
      ['webauthn_register_trigger', 'button', 'webauthn', 1050012],
      ['webauthn_script', 'script', 'webauthn', undefined],
      ['passkey_register_trigger', 'button', 'passkey', 1050019],
      ['passkey_settings_register', 'hidden', 'passkey', undefined],
      ['passkey_create_data', 'hidden', 'passkey', undefined],
      ['totp_qr', 'img', 'totp', 1050005],
      ['totp_secret_key', 'text', 'totp', 1050017],
      ['totp_code', 'text', 'totp', 1070006],
      ['method', 'submit', 'totp', 1070003],
      ['lookup_secret_regenerate', 'submit', 'lookup_secret', 1050008],
    ]);
    expect(node(flow, 'totp_secret_key').attributes.text.id).toBe(1050006);
    const secret = node(flow, 'totp_secret_key').attributes.text.context.secret;
    const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: identity.clock.now().getTime() });
    const linked = await submit(b, 'settings', flow, { method: 'totp', totp_code: code });
    expect(shape(linked.body).filter(([, , group]) => group === 'totp')).toEqual([['totp_unlink', 'submit', 'totp', 1050004]]);
    const generated = await submit(b, 'settings', linked.body, { method: 'lookup_secret', lookup_secret_regenerate: true });
    expect(shape(generated.body).filter(([, , group]) => group === 'lookup_secret')).toEqual([
      ['lookup_secret_codes', 'text', 'lookup_secret', 1050010],
      ['lookup_secret_confirm', 'submit', 'lookup_secret', 1050011],
    ]);
    const confirmed = await submit(b, 'settings', generated.body, { method: 'lookup_secret', lookup_secret_confirm: true });
    expect(shape(confirmed.body).filter(([, , group]) => group === 'lookup_secret')).toEqual([
      ['lookup_secret_reveal', 'submit', 'lookup_secret', 1050007],
      ['lookup_secret_disable', 'submit', 'lookup_secret', 1050016],
    ]);
    const revealed = await submit(b, 'settings', confirmed.body, { method: 'lookup_secret', lookup_secret_reveal: true });
    expect(shape(revealed.body).filter(([, , group]) => group === 'lookup_secret')).toEqual([
      ['lookup_secret_codes', 'text', 'lookup_secret', 1050010],
      ['lookup_secret_disable', 'submit', 'lookup_secret', 1050016],
      ['lookup_secret_regenerate', 'submit', 'lookup_secret', 1050008],
    ]);
  });

  it('recovery and verification: choose method, then code sent', async () => {
    const address = email();
    await register(browser(), address);
    const b = browser();
    const recovery = await startFlow(b, 'recovery');
    expect(shape(recovery)).toEqual([csrf, ['email', 'email', 'code', 1070007], ['method', 'submit', 'code', 1070009]]);
    const sent = await submit(b, 'recovery', recovery, { method: 'code', email: address });
    expect(shape(sent.body)).toEqual([
      csrf,
      ['code', 'text', 'code', 1070010],
      ['method', 'hidden', 'code', undefined],
      ['method', 'submit', 'code', 1070009],
      ['email', 'submit', 'code', 1070008],
    ]);
    const verification = await startFlow(b, 'verification');
    expect(shape(verification)).toEqual([csrf, ['email', 'email', 'code', 1070007], ['method', 'submit', 'code', 1070009]]);
    const verifying = await submit(b, 'verification', verification, { method: 'code', email: address });
    expect(shape(verifying.body)).toEqual([
      csrf,
      ['method', 'hidden', 'code', undefined],
      ['code', 'text', 'code', 1070011],
      ['method', 'submit', 'code', 1070009],
      ['email', 'submit', 'code', 1070008],
    ]);
    const done = await submit(b, 'verification', verifying.body, { method: 'code', code: await lastCode(identity, address) });
    expect(done.body.ui.method).toBe('GET');
    expect(shape(done.body)).toEqual([csrf, ['continue', 'a', 'code', 1070009]]);
    const link = await submit(b, 'recovery', await startFlow(b, 'recovery'), { method: 'link', email: address });
    expect(shape(link.body)).toEqual([csrf, ['email', 'email', 'link', 1070007], ['method', 'submit', 'link', 1070009]]);
  });
});
