/** The error, consent and logout cards. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { parseErrorParam } from '../../web/account/cards/error-details.js';
import { waitFor } from '@testing-library/react';
import { ConsentCard, ConsentView } from '../../web/account/cards/ConsentCard.js';
import { ErrorView } from '../../web/account/cards/ErrorCard.js';
import { LogoutView } from '../../web/account/cards/LogoutCard.js';
import { renderWithProviders } from './support/render.js';

describe('error card', () => {
  it('titles a 404 “404 - Page not found” and gives its reason in our words, the service’s only in the details', () => {
    renderWithProviders(<ErrorView error={{ code: 404, reason: 'No such flow', message: 'The requested resource could not be found' }} />);
    expect(screen.getByRole('heading', { level: 1, name: '404 - Page not found' })).toBeTruthy();
    expect(screen.getByText('An error occurred with the following message:')).toBeTruthy();
    expect(screen.getByText('What you are looking for doesn’t exist or is no longer available.', { selector: '.error-message' })).toBeTruthy();
    expect(screen.getByText(/"reason": "No such flow"/, { selector: 'details pre' })).toBeTruthy();
  });

  it('never shows a client library’s or the service’s own wording as the reason', () => {
    for (const [error, sentence] of [
      [
        { code: 400, status: 'Bad Request', id: 'consent_challenge_missing', message: 'Required parameter consent_challenge was null' },
        /only works when an application sends you here/,
      ],
      [
        { code: 403, id: 'security_csrf_violation', reason: 'The request was rejected to protect you from Cross-Site-Request-Forgery' },
        /For your security, the request was refused/,
      ],
      [{ code: 404, id: 'stored_error_not_found', message: 'Request failed with status code 404' }, /details of this error are no longer available/],
      [{ id: 'client_failure', message: 'TypeError: x is undefined' }, /Something went wrong/],
    ] as const) {
      const { unmount } = renderWithProviders(<ErrorView error={error} />);
      expect(document.querySelector('.error-message')?.textContent).toMatch(sentence);
      expect(document.querySelector('.error-message')?.textContent).not.toMatch(/Required parameter|Request failed|TypeError|Cross-Site/);
      unmount();
    }
  });

  it('titles a 500 “Internal Server Error” and hides its reason, keeping it in the details', async () => {
    renderWithProviders(<ErrorView error={{ code: 500, reason: 'database exploded', message: 'internal' }} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Internal Server Error' })).toBeTruthy();
    expect(screen.queryByText('An error occurred with the following message:')).toBeNull();
    const details = screen.getByText('Error details').closest('details')!;
    expect(details.open).toBe(false);
    await userEvent.setup().click(screen.getByText('Error details'));
    expect(details.open).toBe(true);
    expect(within(details).getByText(/"reason": "database exploded"/)).toBeTruthy();
  });

  it('titles other codes “An error occurred”, and offers the support address and Go Back', () => {
    renderWithProviders(<ErrorView error={{ code: 403, reason: 'Forbidden here' }} supportEmail="help@example.com" backUrl="/login" />);
    expect(screen.getByRole('heading', { level: 1, name: 'An error occurred' })).toBeTruthy();
    expect(screen.getByText(/If the problem persists, please contact/).textContent).toContain('help@example.com');
    expect(screen.getByRole('link', { name: 'help@example.com' }).getAttribute('href')).toBe('mailto:help@example.com');
    expect(screen.getByRole('link', { name: 'Go Back' }).getAttribute('href')).toBe('/login');
  });

  it('reads the error parameter as a serialized error or as a plain message', () => {
    expect(parseErrorParam('{"code":410,"reason":"gone"}')).toMatchObject({ code: 410, reason: 'gone' });
    expect(parseErrorParam('{"error":{"code":502,"reason":"down"}}')).toMatchObject({ code: 502, reason: 'down' });
    expect(parseErrorParam('Network Error')).toEqual({ message: 'Network Error' });
  });
});

describe('consent screen', () => {
  const consent = {
    challenge: 'c-1',
    client: { client_id: 'app', client_name: 'Survey App', policy_uri: 'https://app.example.com/privacy', tos_uri: 'https://app.example.com/terms' },
    requested_scope: ['openid', 'email', 'profile'],
    requested_access_token_audience: [],
    skip: false,
  };

  it('names the client, lists each scope checked, warns, links the policies, and grants the scopes left checked', async () => {
    const onDecide = vi.fn();
    renderWithProviders(<ConsentView consent={consent} onDecide={onDecide} />);
    expect(screen.getByText('Survey App')).toBeTruthy();
    expect(screen.getByText('The application requests access to the following permissions:')).toBeTruthy();
    expect(screen.getByText(/^Only grant permissions if you trust this site or app/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('https://app.example.com/privacy');
    expect(screen.getByRole('link', { name: 'Terms of service' }).getAttribute('href')).toBe('https://app.example.com/terms');
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(4);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'profile' }));
    await user.click(screen.getByRole('checkbox', { name: 'Remember my decision' }));
    await user.click(screen.getByRole('button', { name: 'Allow' }));
    expect(onDecide).toHaveBeenCalledWith('accept', ['openid', 'email'], true);
  });

  it('denies, and names a nameless client “Unnamed Client”', async () => {
    const onDecide = vi.fn();
    renderWithProviders(<ConsentView consent={{ ...consent, client: { client_id: 'x' } }} onDecide={onDecide} />);
    expect(screen.getByText('Unnamed Client')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Deny' }));
    expect(onDecide).toHaveBeenCalledWith('reject', ['openid', 'email', 'profile'], false);
  });
});

describe('consent screen with the gateway', () => {
  function serve(consent: unknown) {
    const calls: { method: string; url: string; body?: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        calls.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined });
        const body = init.method === 'POST' ? { redirect_to: '/_app' } : consent;
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    return calls;
  }

  it('loads the request by its challenge and posts the decision with the granted scopes', async () => {
    window.history.replaceState(null, '', '/consent?consent_challenge=ch-9');
    const calls = serve({
      challenge: 'ch-9',
      client: { client_id: 'a', client_name: 'Planner' },
      requested_scope: ['openid', 'email'],
      requested_access_token_audience: [],
      skip: false,
    });
    renderWithProviders(<ConsentCard />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(window.location.pathname).toBe('/_app'));
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/bff/consent?consent_challenge=ch-9' });
    expect(calls[1]).toMatchObject({
      method: 'POST',
      url: '/bff/consent',
      body: { consent_challenge: 'ch-9', action: 'accept', grant_scope: ['openid', 'email'], remember: false },
    });
    vi.unstubAllGlobals();
  });

  it('accepts at once when the provider says the decision was remembered', async () => {
    window.history.replaceState(null, '', '/consent?consent_challenge=ch-10');
    const calls = serve({ challenge: 'ch-10', client: { client_id: 'a' }, requested_scope: ['openid'], requested_access_token_audience: [], skip: true });
    renderWithProviders(<ConsentCard />);
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Allow' })).toBeNull();
    vi.unstubAllGlobals();
  });
});

describe('logout screen', () => {
  it('asks “Do you wish to log out?” and answers with No or Yes', async () => {
    const onAnswer = vi.fn();
    renderWithProviders(<LogoutView onAnswer={onAnswer} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Do you wish to log out?' })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onAnswer.mock.calls).toEqual([[false], [true]]);
  });
});

describe('error card for an error stored by the identity service', () => {
  it('fetches the error named by ?id= and shows it', async () => {
    window.history.replaceState(null, '', '/error?id=e-1');
    const { ErrorCard } = await import('../../web/account/cards/ErrorCard.js');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const body = url.startsWith('/.ory/self-service/errors')
          ? { id: 'e-1', error: { code: 403, status: 'Forbidden', reason: 'The request was rejected to protect you from Cross-Site-Request-Forgery', message: 'forbidden' } }
          : { supportEmail: 'support@example.com' };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    renderWithProviders(<ErrorCard />);
    expect(await screen.findByText('You aren’t allowed to do this.', { selector: '.error-message' })).toBeTruthy();
    expect(screen.getByText(/rejected to protect you/, { selector: 'details pre' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'An error occurred' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'support@example.com' })).toBeTruthy();
    vi.unstubAllGlobals();
  });
});

describe('logout with the identity service', () => {
  it('ends the session through the logout URL the service gives, then shows the sign-in card; already signed out is the same', async () => {
    const { LogoutCard } = await import('../../web/account/cards/LogoutCard.js');
    for (const signedIn of [true, false]) {
      window.history.replaceState(null, '', '/logout');
      const calls: string[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string) => {
          calls.push(url);
          if (!signedIn) return new Response('{"error":{"code":401}}', { status: 401, headers: { 'content-type': 'application/json' } });
          if (url === '/.ory/self-service/logout/browser') {
            return new Response(JSON.stringify({ logout_url: '/.ory/self-service/logout?token=ory_lo_1', logout_token: 'ory_lo_1' }), {
              status: 200,
              headers: { 'content-type': 'application/json' },
            });
          }
          return new Response(null, { status: 204 });
        }),
      );
      const { unmount } = renderWithProviders(<LogoutCard />);
      await userEvent.setup().click(screen.getByRole('button', { name: 'Yes' }));
      await waitFor(() => expect(window.location.pathname).toBe('/login'));
      if (signedIn) expect(calls).toEqual(['/.ory/self-service/logout/browser', '/.ory/self-service/logout?token=ory_lo_1']);
      unmount();
      vi.unstubAllGlobals();
    }
  });
});
