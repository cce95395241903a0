/**
 * The project's callers through the gateway: a browser signed up through `/.ory` (the first one a
 * stack's API sees is its global administrator), that browser's calls with or without the CSRF
 * pair, and a server's calls with an API key.
 */
import { ResponseError } from '@ory/client-fetch';
import { expect } from 'vitest';
import { TestBrowser, type Answer } from '../identity/support/browser.js';
import { register } from '../identity/support/flows.js';
import type { Stack } from '../oauth2/support/stack.js';

export const XSRF = 'xsrf-project-api-test';

export interface SignedUp {
  browser: TestBrowser;
  id: string;
  email: string;
}

export async function signUp(stack: Stack, email: string): Promise<SignedUp> {
  const identityBrowser = new TestBrowser(`${stack.origin}/.ory`);
  const registered = await register(identityBrowser, email);
  expect(registered.status).toBe(200);
  const browser = new TestBrowser(stack.origin);
  browser.cookies.set('ory_kratos_session', identityBrowser.cookies.get('ory_kratos_session')!);
  browser.cookies.set('XSRF-TOKEN', XSRF);
  return { browser, id: registered.body.identity.id, email };
}

/** A browser's call, with the CSRF pair unless told otherwise. */
export function browserCall(stack: Stack, browser: TestBrowser, method: string, path: string, body?: unknown, csrf = true): Promise<Answer> {
  const headers: Record<string, string> = csrf ? { origin: stack.origin, 'x-xsrf-token': XSRF } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  return browser.send(method, path, body === undefined ? undefined : JSON.stringify(body), { json: true, headers });
}

export interface KeyAnswer {
  status: number;
  headers: Headers;
  body: any;
}

/** A server's call with an API key (and whatever other headers it sends). */
export async function keyCall(origin: string, value: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<KeyAnswer> {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${value}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

/** What an Ory SDK call refused with: its status and error body. */
export async function refusal(promise: Promise<unknown>): Promise<{ status: number; body: any }> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ResponseError);
  const response = (error as ResponseError).response;
  return { status: response.status, body: await response.json() };
}
