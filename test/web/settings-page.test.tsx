/**
 * The settings page against the identity service's recorded answers: it opens a settings flow,
 * saves, and when a change needs a recent sign-in it sends the user to sign in again in refresh
 * mode, to come back to the same flow.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SettingsPage } from '../../web/account/settings/SettingsPage.js';
import fresh from './fixtures/settings/fresh.json' with { type: 'json' };
import profileSaved from './fixtures/settings/profile-saved.json' with { type: 'json' };
import refreshRequired from './fixtures/settings/refresh-required.json' with { type: 'json' };
import { renderWithProviders } from './support/render.js';

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

/** Answers the page's requests in order, and records them. */
function identityService(answers: { status: number; body: unknown }[]): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      calls.push({ method: init.method ?? 'GET', url: new URL(input, window.location.href), body: init.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers.shift();
      if (!answer) throw new TypeError('no more answers');
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('settings page', () => {
  it('opens a settings flow, keeps its id in the address, and shows the saved message in the saved card', async () => {
    const calls = identityService([
      { status: 200, body: fresh },
      { status: 200, body: profileSaved },
    ]);
    window.history.replaceState(null, '', '/settings');
    const user = userEvent.setup();
    renderWithProviders(<SettingsPage />);

    const profile = await screen.findByRole('region', { name: 'Profile Settings' });
    expect(calls[0]).toMatchObject({ method: 'GET', url: expect.objectContaining({ pathname: '/.ory/self-service/settings/browser' }) });
    expect(new URLSearchParams(window.location.search).get('flow')).toBe(fresh.id);

    await user.click(within(profile).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Profile Settings' })).getByText('Your changes have been saved!')).toBeTruthy());
    expect(calls[1]!.method).toBe('POST');
    expect(calls[1]!.url.href).toBe(fresh.ui.action);
    expect(calls[1]!.body).toMatchObject({ method: 'profile', csrf_token: expect.any(String), traits: { email: fresh.identity.traits.email } });
  });

  it('sends a visitor without a session to sign in, returning to the settings afterwards', async () => {
    identityService([
      {
        status: 401,
        body: {
          error: {
            id: 'session_inactive',
            code: 401,
            status: 'Unauthorized',
            reason: 'No active session was found in this request.',
            message: 'request does not have a valid authentication session',
          },
        },
      },
    ]);
    window.history.replaceState(null, '', '/settings#totp');
    renderWithProviders(<SettingsPage />);
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    // The identity service refuses a relative return address.
    expect(new URLSearchParams(window.location.search).get('return_to')).toBe(`${window.location.origin}/settings#totp`);
  });

  it('sends a change that needs a recent sign-in to /login in refresh mode, returning to this flow', async () => {
    identityService([
      { status: 200, body: fresh },
      { status: 403, body: refreshRequired },
    ]);
    window.history.replaceState(null, '', '/settings');
    const user = userEvent.setup();
    renderWithProviders(<SettingsPage />);

    const password = await screen.findByRole('region', { name: 'Change Password' });
    await user.type(within(password).getByLabelText(/Password/, { selector: 'input' }), 'another long passphrase 77');
    await user.click(within(password).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    const query = new URLSearchParams(window.location.search);
    expect(query.get('refresh')).toBe('true');
    const returnTo = new URL(new URL(refreshRequired.redirect_browser_to).searchParams.get('return_to')!);
    expect(query.get('return_to')).toBe(returnTo.href);
    expect(returnTo.pathname).toBe('/settings');
    expect(returnTo.searchParams.get('flow')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
