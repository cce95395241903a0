/**
 * The sign-in card against a scripted identity service: what the user sees when a flow expired,
 * the CSRF check failed, the service asks the browser to move, or the user is already signed in.
 */
import { act, screen, waitFor } from '@testing-library/react';
import de from '../../locales/de.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import { setCatalogue } from '../../web/lib/i18n.js';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginCard } from '../../web/account/cards/LoginCard.js';
import { RegistrationCard } from '../../web/account/cards/RegistrationCard.js';
import registrationFresh from './fixtures/account/registration-fresh.json' with { type: 'json' };
import { classifyFlowError } from '../../web/account/flow-errors.js';
import { startFlowEarly } from '../../web/account/flow-start.js';
import { HttpError } from '../../web/lib/http.js';
import fresh from './fixtures/account/login-fresh.json' with { type: 'json' };
import { fixture, renderWithProviders } from './support/render.js';

type Reply = { status: number; body: unknown };

function serve(replies: Record<string, Reply[]>) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, window.location.href);
      const key = `${init.method ?? 'GET'} ${url.pathname}`;
      calls.push({ method: init.method ?? 'GET', url: url.pathname + url.search, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const queue = replies[key];
      const reply = queue && queue.length > 1 ? queue.shift()! : queue?.[0];
      if (!reply) return new Response(JSON.stringify({ error: { code: 404, message: 'not scripted' } }), { status: 404, headers: { 'content-type': 'application/json' } });
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

function flowWithId(id: string) {
  const flow = fixture(fresh);
  flow.id = id;
  flow.ui.action = `http://localhost:3000/.ory/self-service/login?flow=${id}`;
  return flow;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sign-in flow steering', () => {
  it('creates a flow and keeps its id in the address, so a reload resumes it', async () => {
    window.history.replaceState(null, '', '/login');
    serve({ 'GET /.ory/self-service/login/browser': [{ status: 200, body: flowWithId('f-1') }] });
    renderWithProviders(<LoginCard />);
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(window.location.search).toBe('?flow=f-1');
  });

  it('shows the flow asked for before the card arrived, without asking again', async () => {
    window.history.replaceState(null, '', '/login');
    const calls = serve({ 'GET /.ory/self-service/login/browser': [{ status: 200, body: flowWithId('f-early') }] });
    startFlowEarly('login');
    renderWithProviders(<LoginCard />);
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(calls).toHaveLength(1);
    expect(window.location.search).toBe('?flow=f-early');
  });

  it('switches language in place, without asking for the flow again', async () => {
    window.history.replaceState(null, '', '/login');
    const calls = serve({ 'GET /.ory/self-service/login/browser': [{ status: 200, body: flowWithId('f-1') }] });
    renderWithProviders(<LoginCard />);
    await screen.findByRole('heading', { name: 'Sign in' });
    act(() => setCatalogue('de', de));
    expect(await screen.findByRole('heading', { name: 'Anmelden' })).toBeTruthy();
    act(() => setCatalogue('en', en));
    expect(calls).toHaveLength(1);
  });

  it('replaces an expired flow with a fresh one and says why', async () => {
    window.history.replaceState(null, '', '/login?flow=old');
    const expiredAt = new Date(Date.now() - 5 * 60_000).toISOString();
    const calls = serve({
      'GET /.ory/self-service/login/flows': [
        { status: 410, body: { error: { id: 'self_service_flow_expired', code: 410, status: 'Gone', reason: 'The flow expired', message: 'gone' }, expired_at: expiredAt } },
      ],
      'GET /.ory/self-service/login/browser': [{ status: 200, body: flowWithId('f-new') }],
    });
    renderWithProviders(<LoginCard />);
    expect(await screen.findByText(/5 minutes/)).toBeTruthy();
    expect(window.location.search).toBe('?flow=f-new');
    expect(calls.map((call) => `${call.method} ${call.url.split('?')[0]}`)).toEqual(['GET /.ory/self-service/login/flows', 'GET /.ory/self-service/login/browser']);
  });

  it('restarts the flow with a clear message when the CSRF check fails', async () => {
    window.history.replaceState(null, '', '/login');
    serve({
      'GET /.ory/self-service/login/browser': [
        { status: 200, body: flowWithId('f-1') },
        { status: 200, body: flowWithId('f-2') },
      ],
      'POST /.ory/self-service/login': [{ status: 403, body: { error: { id: 'security_csrf_violation', code: 403, status: 'Forbidden', reason: 'CSRF', message: 'forbidden' } } }],
    });
    renderWithProviders(<LoginCard />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Email/ }), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'passphrase here');
    await user.click(screen.getByRole('button', { name: 'Sign in with password' }));
    await waitFor(() => expect(window.location.search).toBe('?flow=f-2'));
    expect(await screen.findByText('For your security, this form was reloaded. Please enter your details again.', { selector: '.message' })).toBeTruthy();
    const { toastStore } = await import('../../web/ui/toast-store.js');
    expect(toastStore.get().map((toast) => toast.tone)).toContain('error');
  });

  it('follows continue_with after signing in, and the submitted body carries the button', async () => {
    window.history.replaceState(null, '', '/login');
    const calls = serve({
      'GET /.ory/self-service/login/browser': [{ status: 200, body: flowWithId('f-1') }],
      'POST /.ory/self-service/login': [
        {
          status: 200,
          body: {
            session: { id: 's', identity: { id: 'i', traits: {} } },
            continue_with: [{ action: 'redirect_browser_to', redirect_browser_to: 'http://localhost:3000/settings' }],
          },
        },
      ],
    });
    renderWithProviders(<LoginCard />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Email/ }), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'passphrase here{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe('/settings'));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toBe('/.ory/self-service/login?flow=f-1');
    expect(post.body).toMatchObject({ method: 'password', identifier: 'ada@example.com', password: 'passphrase here' });
  });

  it('goes to the app when a session already exists', async () => {
    window.history.replaceState(null, '', '/login');
    serve({
      'GET /.ory/self-service/login/browser': [
        { status: 400, body: { error: { id: 'session_already_available', code: 400, status: 'Bad Request', reason: 'signed in', message: 'bad' } } },
      ],
    });
    renderWithProviders(<LoginCard />);
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });
});

describe('registration steering', () => {
  async function register(reply: unknown) {
    window.history.replaceState(null, '', '/registration');
    serve({
      'GET /.ory/self-service/registration/browser': [{ status: 200, body: { ...fixture(registrationFresh), id: 'r-1' } }],
      'POST /.ory/self-service/registration': [{ status: 200, body: reply }],
    });
    renderWithProviders(<RegistrationCard />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'a long enough passphrase');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
  }

  it('shows the verification card the service asks for', async () => {
    await register({ identity: { id: 'i' }, continue_with: [{ action: 'show_verification_ui', flow: { id: 'v-1', verifiable_address: 'ada@example.com' } }] });
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/verification?flow=v-1'));
  });

  it('welcomes the new user when there is nothing left to confirm', async () => {
    await register({ identity: { id: 'i' }, session: { id: 's', identity: { id: 'i', traits: {} } } });
    await waitFor(() => expect(window.location.pathname).toBe('/registration-completion'));
  });
});

describe('flow error classification', () => {
  const answer = (status: number, data: unknown) => new HttpError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', { status, data, headers: new Headers() });

  it('follows redirect_browser_to when the browser must move', () => {
    expect(classifyFlowError('login', answer(422, { error: { id: 'browser_location_change_required' }, redirect_browser_to: 'https://app.example.com/cb' }))).toEqual({
      type: 'redirect',
      to: 'https://app.example.com/cb',
    });
  });

  it('shows the flow again when the service answers with it (validation errors)', () => {
    const action = classifyFlowError('login', answer(400, fresh));
    expect(action.type).toBe('flow');
  });

  it('uses the replacement flow the service names', () => {
    expect(classifyFlowError('login', answer(410, { error: { id: 'self_service_flow_replaced' }, use_flow_id: 'n' }))).toEqual({ type: 'use-flow', id: 'n' });
  });

  it('sends everything else to the error card', () => {
    expect(classifyFlowError('login', answer(500, { error: { code: 500 } })).type).toBe('error');
    expect(classifyFlowError('login', new HttpError('Network Error', 'ERR_NETWORK')).type).toBe('error');
  });
});
