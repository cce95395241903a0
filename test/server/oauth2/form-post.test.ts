/**
 * response_mode=form_post through the gateway: the provider answers a page that posts the
 * response to the client. A browser must be able to submit it under the page's own policy (its
 * one script allowed by hash, no 'unsafe-inline'), and without script by a visible button; the
 * page speaks the reader's language and puts the code nowhere but in its form.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, TestBrowser } from '../identity/support/browser.js';
import { register } from '../identity/support/flows.js';
import { danceToPage } from './support/dance.js';
import { formOf } from './support/form-post.js';
import { startStack, type Stack } from './support/stack.js';

const REDIRECT = 'http://127.0.0.1:9/callback';
let stack: Stack;
let clientId: string;

beforeAll(async () => {
  stack = await startStack();
  const created = await stack.admin('POST', '/admin/clients', {
    client_name: 'Posted To',
    redirect_uris: [REDIRECT],
    response_types: ['code'],
    scope: 'openid email',
    skip_consent: true,
  });
  expect(created.status).toBe(201);
  clientId = created.body.client_id;
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

function authorizationUrl(extra: Record<string, string>): string {
  const url = new URL(`${stack.issuer}/oauth2/auth`);
  const params = { client_id: clientId, response_type: 'code', response_mode: 'form_post', redirect_uri: REDIRECT, scope: 'openid email', ...extra };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.href;
}

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** What a browser enforcing the page's own policy would run and apply, and what it would refuse. */
function expectRunsUnderItsPolicy(page: Answer): void {
  const policy = String(page.headers['content-security-policy'] ?? '');
  expect(policy).not.toContain('unsafe-inline');
  const csp = directives(policy);
  const scriptSrc = csp.get('script-src') ?? csp.get('default-src') ?? [];
  const styleSrc = csp.get('style-src') ?? csp.get('default-src') ?? [];
  const html = String(page.body);
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, attributes, source] of scripts) {
    const nonce = /\bnonce="([^"]+)"/.exec(attributes!)?.[1];
    expect(scriptSrc.includes(sha256(source!)) || (nonce !== undefined && scriptSrc.includes(`'nonce-${nonce}'`)), `script ${source} is not allowed by ${policy}`).toBe(true);
  }
  for (const [, source] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) {
    expect(styleSrc, `style is not allowed by ${policy}`).toContain(sha256(source!));
  }
}

/** Without script: a submit button in the form, not hidden in a <noscript> a browser with script enabled does not render. */
function expectVisibleButton(page: Answer, label: string): void {
  const html = String(page.body);
  expect(html).not.toMatch(/<noscript/i);
  const form = /<form\b[\s\S]*?<\/form>/i.exec(html)?.[0] ?? '';
  expect(form).toMatch(new RegExp(`<button type="submit"[^>]*>${label}</button>`));
}

describe('response_mode=form_post', () => {
  it('answers the code on a page a browser submits to the client, under the page’s own policy', async () => {
    const identityBrowser = new TestBrowser(`${stack.origin}/.ory`);
    const email = `posted-${Date.now()}@example.com`;
    expect((await register(identityBrowser, email)).status).toBe(200);
    const browser = new TestBrowser(stack.origin);
    browser.cookies.set('ory_kratos_session', identityBrowser.cookies.get('ory_kratos_session')!);

    const { page } = await danceToPage(browser, stack.origin, authorizationUrl({ state: 'st<"&>ate' }), REDIRECT, { email });
    expect(page.status).toBe(200);
    expect(String(page.headers['content-type'])).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const form = formOf(String(page.body));
    expect(form).toMatchObject({ method: 'post', action: REDIRECT });
    expect(form.fields).toEqual({ code: expect.any(String), state: 'st<"&>ate', iss: stack.issuer });
    expectRunsUnderItsPolicy(page);
    expectVisibleButton(page, 'Continue');
    expect(String(page.body)).toContain('<html lang="en">');
    // The code is in the form's field and nowhere else: not in the form's address, not in a header.
    expect(String(page.body).split(form.fields.code!)).toHaveLength(2);
    expect(JSON.stringify(page.headers)).not.toContain(form.fields.code);
  });

  it('answers an error the same way, in the reader’s language', async () => {
    // No session and prompt=none: the provider must answer login_required to the client.
    const browser = new TestBrowser(stack.origin);
    const page = await browser.get(authorizationUrl({ prompt: 'none', state: 'quiet' }), { json: false, headers: { 'accept-language': 'de-CH, en;q=0.5' } });
    expect(page.status).toBe(400);
    const form = formOf(String(page.body));
    expect(form).toMatchObject({ method: 'post', action: REDIRECT });
    expect(form.fields).toMatchObject({ error: 'login_required', state: 'quiet', iss: stack.issuer });
    expectRunsUnderItsPolicy(page);
    expectVisibleButton(page, 'Weiter');
    expect(String(page.body)).toContain('<html lang="de">');
  });

  it('is also the page that carries a logout on when the provider has no sign-in session', async () => {
    const browser = new TestBrowser(stack.origin);
    const page = await browser.get(`${stack.issuer}/oauth2/sessions/logout`, { json: false, headers: { 'accept-language': 'sv' } });
    expect(page.status).toBe(200);
    const form = formOf(String(page.body));
    expect(form).toMatchObject({ method: 'post', action: `${stack.issuer}/oauth2/sessions/logout/confirm` });
    expect(form.fields).toMatchObject({ xsrf: expect.any(String), logout: 'yes' });
    expectRunsUnderItsPolicy(page);
    expectVisibleButton(page, 'Fortsätt');
    expect(String(page.body)).toContain('<html lang="sv">');
  });
});
