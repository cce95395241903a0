/**
 * The identity platform's administration against a fake project API: a changed toggle is saved
 * as exactly its JSON Patch against the revision the form was loaded at, a save refused because
 * someone else saved meanwhile says so and reloads, a new API key's value is shown once and is
 * gone when its dialog closes, and revoking a key asks first.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import enApp from '../../locales/app/en.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import enFlows from '../../locales/flows/en.json' with { type: 'json' };
import enPlatform from '../../locales/platform-admin/en.json' with { type: 'json' };
import enSession from '../../locales/session/en.json' with { type: 'json' };
import { ApiKeysPanel } from '../../web/admin/platform/ApiKeysPanel.js';
import { PlatformPage } from '../../web/admin/platform/PlatformPage.js';
import type { ApiKey, PlatformProject } from '../../web/admin/platform/platform-types.js';
import { setCatalogue } from '../../web/lib/i18n.js';
import { ConfirmProvider } from '../../web/ui/ConfirmProvider.js';
import { toastStore } from '../../web/ui/toast-store.js';
import { renderWithProviders } from './support/render.js';

const PROJECT_ID = '5b1c3f52-7e0a-4a55-9d56-1d2f4a6b8c01';
const KEY_VALUE = 'sitewave_pat_Q2hhbmdlZCBpdCBvbmNlLCBzaG93biBpdCBvbmNl';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

interface Answer {
  status: number;
  body?: unknown;
}

function project(revision: string, passkey = true): PlatformProject {
  return {
    id: PROJECT_ID,
    name: 'sitewave',
    slug: 'sitewave',
    revision_id: revision,
    services: {
      identity: {
        config: {
          selfservice: {
            flows: { recovery: { use: 'code' }, verification: { use: 'code' } },
            methods: {
              password: {
                enabled: true,
                config: { min_password_length: 12, identifier_similarity_check_enabled: true, haveibeenpwned_enabled: true, max_breaches: 0, ignore_network_errors: true },
              },
              code: { enabled: true },
              totp: { enabled: true },
              lookup_secret: { enabled: true },
              webauthn: { enabled: true },
              passkey: { enabled: passkey },
              oidc: { enabled: false, config: { providers: [] } },
            },
          },
          session: { lifespan: '24h' },
        },
      },
      oauth2: { config: { strategies: { access_token: 'opaque', scope: 'exact' }, ttl: { access_token: '1h', refresh_token: '720h', id_token: '1h' } } },
      permission: { config: { namespaces: [], limit: { max_read_depth: 5, max_read_width: 100 }, feature_flags: { strict_mode: false } } },
    },
    cors_admin: { enabled: false, origins: [] },
    cors_public: { enabled: false, origins: [] },
  };
}

const metadata = {
  id: PROJECT_ID,
  name: 'sitewave',
  slug: 'sitewave',
  state: 'running',
  environment: 'prod',
  hosts: [],
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

/**
 * The project API as the gateway serves it: `routes` answers `METHOD /path` (a function is asked
 * each time), and every call is recorded with its parsed body.
 */
function projectApi(routes: Record<string, Answer | ((call: Call) => Answer)>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, window.location.href);
      const call = { method: init.method ?? 'GET', path: url.pathname, body: init.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const route = routes[`${call.method} ${call.path}`];
      const answer = typeof route === 'function' ? route(call) : (route ?? { status: 404, body: { error: { code: 404, message: 'Not Found' } } });
      return answer.body === undefined
        ? new Response(null, { status: answer.status })
        : new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

beforeAll(() => {
  setCatalogue('en', { ...en, ...enFlows, ...enSession, ...enApp, ...enPlatform, messages: { ...en.messages, ...enFlows.messages, ...enSession.messages } });
});
beforeEach(() => {
  window.history.replaceState(null, '', '/admin/platform');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const PROJECT = `/.ory/projects/${PROJECT_ID}`;
const patches = (calls: Call[]) => calls.filter((c) => c.method === 'PATCH');

async function signInMethods() {
  const form = await screen.findByRole('form', { name: 'Sign-in methods' });
  return { form, save: within(form).getByRole('button', { name: 'Save' }), passkeys: within(form).getByRole('checkbox', { name: 'Passkeys' }) };
}

describe('the identity platform settings', () => {
  it('saves a changed toggle as exactly its JSON Patch against the revision the form was loaded at', async () => {
    const calls = projectApi({
      'GET /.ory/projects': { status: 200, body: [metadata] },
      [`GET ${PROJECT}`]: { status: 200, body: project('rev-1') },
      [`PATCH ${PROJECT}/revision/rev-1`]: { status: 200, body: { project: project('rev-2', false), warnings: [] } },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <ConfirmProvider>
        <PlatformPage tab="settings" />
      </ConfirmProvider>,
    );
    const { form, save, passkeys } = await signInMethods();
    expect(save.hasAttribute('disabled')).toBe(true);
    expect((passkeys as HTMLInputElement).checked).toBe(true);

    await user.click(passkeys);
    expect(save.hasAttribute('disabled')).toBe(false);
    await user.click(save);

    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]).toEqual({
      method: 'PATCH',
      path: `${PROJECT}/revision/rev-1`,
      body: [{ op: 'replace', path: '/services/identity/config/selfservice/methods/passkey/enabled', value: false }],
    });
    await waitFor(() => expect(toastStore.get().map((toast) => toast.text)).toEqual(['Sign-in methods: your changes were saved']));
    // Saved: nothing left to save, and the other forms were not sent.
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true));
    expect(patches(calls)).toHaveLength(1);
  });

  it('stores a lifespan typed as days as Go hours, and says what is stored', async () => {
    const calls = projectApi({
      'GET /.ory/projects': { status: 200, body: [metadata] },
      [`GET ${PROJECT}`]: { status: 200, body: project('rev-1') },
      [`PATCH ${PROJECT}/revision/rev-1`]: { status: 200, body: { project: project('rev-2'), warnings: [] } },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <ConfirmProvider>
        <PlatformPage tab="settings" />
      </ConfirmProvider>,
    );
    const form = await screen.findByRole('form', { name: 'Sessions' });
    // 24h is shown as a whole number of days.
    const amount = within(form).getByRole('textbox', { name: 'Session lifespan' });
    expect((amount as HTMLInputElement).value).toBe('1');
    expect(within(form).getByRole('combobox', { name: 'Unit of Session lifespan' })).toHaveProperty('value', 'd');
    within(form).getByText('Stored as 24h');

    await user.clear(amount);
    await user.type(amount, '30');
    await user.tab();
    within(form).getByText('Stored as 24h; saving stores 720h');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]!.body).toEqual([{ op: 'replace', path: '/services/identity/config/session/lifespan', value: '720h' }]);
  });

  it('marks the field whose JSON path a refusal names, and keeps what was typed', async () => {
    projectApi({
      'GET /.ory/projects': { status: 200, body: [metadata] },
      [`GET ${PROJECT}`]: { status: 200, body: project('rev-1') },
      [`PATCH ${PROJECT}/revision/rev-1`]: {
        status: 400,
        body: { error: { code: 400, status: 'Bad Request', reason: 'services.permission.config.limit.max_read_depth must be <= 40', message: 'The request was malformed' } },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <ConfirmProvider>
        <PlatformPage tab="settings" />
      </ConfirmProvider>,
    );
    const form = await screen.findByRole('form', { name: 'Permissions' });
    const depth = within(form).getByRole('textbox', { name: 'Maximum read depth' });
    await user.clear(depth);
    await user.type(depth, '50');
    await user.tab();
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(depth.getAttribute('aria-invalid')).toBe('true'));
    within(form).getByText('This value was not accepted.');
    expect(within(form).getByRole('alert').textContent).toBe('The identity platform did not accept this change: services.permission.config.limit.max_read_depth must be <= 40');
    expect((depth as HTMLInputElement).value).toBe('50');
    expect(within(form).getByRole('textbox', { name: 'Maximum read width' }).getAttribute('aria-invalid')).toBeNull();
  });

  it('says so when someone else saved meanwhile, and reloads the current settings', async () => {
    let current = project('rev-1');
    const calls = projectApi({
      'GET /.ory/projects': { status: 200, body: [metadata] },
      [`GET ${PROJECT}`]: () => ({ status: 200, body: current }),
      [`PATCH ${PROJECT}/revision/rev-1`]: {
        status: 409,
        body: {
          error: {
            code: 409,
            status: 'Conflict',
            reason: 'The project is at revision rev-2, not rev-1: read it again and apply the change to the current revision',
            message: 'The request conflicts',
          },
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <ConfirmProvider>
        <PlatformPage tab="settings" />
      </ConfirmProvider>,
    );
    const { form, save, passkeys } = await signInMethods();
    // Someone else turns passkeys off and saves while this form is open.
    current = project('rev-2', false);
    await user.click(within(form).getByRole('checkbox', { name: 'Backup codes' }));
    await user.click(save);

    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('Someone else saved the settings while you were editing, so your changes were not saved.');
    expect((passkeys as HTMLInputElement).checked).toBe(true);

    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(within(screen.getByRole('form', { name: 'Sign-in methods' })).getByRole<HTMLInputElement>('checkbox', { name: 'Passkeys' }).checked).toBe(false));
    const reloaded = screen.getByRole('form', { name: 'Sign-in methods' });
    expect(within(reloaded).getByRole<HTMLInputElement>('checkbox', { name: 'Backup codes' }).checked).toBe(true);
    expect(within(reloaded).queryByText(/Someone else saved/)).toBeNull();
    expect(within(reloaded).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    expect(calls.filter((c) => c.method === 'GET' && c.path === PROJECT)).toHaveLength(2);
  });
});

describe('the API keys', () => {
  const made: ApiKey = {
    id: '0b6f2d1e-4c3a-4e8f-9a1b-2c3d4e5f6a7b',
    name: 'Deployment pipeline',
    owner_id: '11111111-2222-4333-8444-555555555555',
    project_id: PROJECT_ID,
    last_characters: 'bmNl',
    created_at: '2026-03-02T10:00:00Z',
    updated_at: '2026-03-02T10:00:00Z',
  };

  it('shows a new key’s value once, and it is gone when the dialog closes', async () => {
    let listed: ApiKey[] = [];
    const calls = projectApi({
      [`GET ${PROJECT}/tokens`]: () => ({ status: 200, body: listed }),
      [`POST ${PROJECT}/tokens`]: () => {
        listed = [made];
        return { status: 201, body: { ...made, value: KEY_VALUE } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <ConfirmProvider>
        <ApiKeysPanel projectId={PROJECT_ID} />
      </ConfirmProvider>,
    );
    await screen.findByText('No API keys yet.');
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const create = screen.getByRole('dialog', { name: 'Create an API key' });
    await user.type(within(create).getByRole('textbox', { name: 'Name' }), 'Deployment pipeline');
    await user.click(within(create).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'The API key “Deployment pipeline” was created' });
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'Deployment pipeline' });
    expect(within(shown).getByLabelText('API key').textContent).toBe(KEY_VALUE);
    within(shown).getByText('Copy the key now and keep it somewhere safe: you will not see it again.');

    await user.click(within(shown).getByRole('button', { name: 'I have stored the key' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = await screen.findByRole('row', { name: /Deployment pipeline/ });
    within(row).getByText('…bmNl');
    expect(document.body.textContent).not.toContain(KEY_VALUE);
  });

  it('asks before revoking a key, and revokes it only when confirmed', async () => {
    let listed: ApiKey[] = [made];
    const calls = projectApi({
      [`GET ${PROJECT}/tokens`]: () => ({ status: 200, body: listed }),
      [`DELETE ${PROJECT}/tokens/${made.id}`]: () => {
        listed = [];
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <ConfirmProvider>
        <ApiKeysPanel projectId={PROJECT_ID} />
      </ConfirmProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Revoke Deployment pipeline' }));
    const question = await screen.findByRole('alertdialog');
    within(question).getByText('Revoke the API key “Deployment pipeline”?');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revoke Deployment pipeline' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(toastStore.get().map((toast) => toast.text)).toEqual(['The API key “Deployment pipeline” was revoked']));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`${PROJECT}/tokens/${made.id}`]);
    await screen.findByText('No API keys yet.');
  });
});
