/**
 * The settings screen rendered from settings flows recorded from the identity service: a card and
 * a navigation entry only for the methods the flow offers, backup codes with the used one struck
 * through, the authenticator app's QR code and key, security keys and providers by name, and the
 * service's answer shown in the card that was saved.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { SettingsFlow } from '../../shared/identity-flow.js';
import { SettingsView } from '../../web/account/settings/SettingsPage.js';
import { toastStore } from '../../web/ui/toast-store.js';
import afterRecovery from './fixtures/settings/after-recovery.json' with { type: 'json' };
import allMethods from './fixtures/settings/all-methods.json' with { type: 'json' };
import fresh from './fixtures/settings/fresh.json' with { type: 'json' };
import generated from './fixtures/settings/lookup-generated.json' with { type: 'json' };
import revealed from './fixtures/settings/lookup-revealed.json' with { type: 'json' };
import passwordInvalid from './fixtures/settings/password-invalid.json' with { type: 'json' };
import profileSaved from './fixtures/settings/profile-saved.json' with { type: 'json' };
import totpInvalid from './fixtures/settings/totp-invalid.json' with { type: 'json' };
import totpLinked from './fixtures/settings/totp-linked.json' with { type: 'json' };
import { fixture, renderWithProviders } from './support/render.js';

const flow = (recorded: unknown) => fixture(recorded) as SettingsFlow;
const csrf = (recorded: unknown) => flow(recorded).ui.nodes.find((n) => n.attributes.node_type === 'input' && n.attributes.name === 'csrf_token')!;
const csrfValue = (recorded: unknown) => (csrf(recorded).attributes as { value: string }).value;

/** The screen as the page drives it: each submission is answered with the next recorded flow. */
function Answering({ first, answers, submit }: { first: SettingsFlow; answers: SettingsFlow[]; submit: (body: Record<string, unknown>) => void }) {
  const [current, setCurrent] = useState(first);
  return (
    <SettingsView
      flow={current}
      submit={(body) => {
        submit(body);
        const next = answers.shift();
        if (next) setCurrent(next);
      }}
    />
  );
}

function show(recorded: unknown, ...answers: unknown[]) {
  const submit = vi.fn();
  renderWithProviders(<Answering first={flow(recorded)} answers={answers.map(flow)} submit={submit} />);
  return { submit };
}

const card = (name: string) => screen.getByRole('region', { name });
const navEntries = () =>
  within(screen.getByRole('navigation', { name: 'Account settings sections' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('settings screen', () => {
  it('has the title, the instructions, and only the embedded service’s methods', () => {
    show(fresh);
    expect(screen.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeTruthy();
    expect(screen.getByText(/Here you can manage settings related to your account\. Keep in mind/)).toBeTruthy();
    expect(navEntries()).toEqual([
      ['Profile', '#profile'],
      ['Password', '#password'],
      ['2FA Backup Codes', '#lookup_secret'],
      ['Authenticator App', '#totp'],
      ['Logout', '/logout'],
    ]);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Profile Settings',
      'Change Password',
      'Manage 2FA Backup Recovery Codes',
      'Manage 2FA TOTP Authenticator App',
    ]);
    expect(screen.queryByRole('region', { name: 'Manage Hardware Tokens' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Manage Passkeys' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Social Sign In' })).toBeNull();
  });

  it('shows every card and navigation entry when the flow offers every method', () => {
    show(allMethods);
    expect(navEntries()).toEqual([
      ['Profile', '#profile'],
      ['Password', '#password'],
      ['Social Sign In', '#oidc'],
      ['2FA Backup Codes', '#lookup_secret'],
      ['Hardware Tokens', '#webauthn'],
      ['Passkeys', '#passkey'],
      ['Authenticator App', '#totp'],
      ['Logout', '/logout'],
    ]);
    for (const [title, anchor] of [
      ['Profile Settings', 'profile'],
      ['Change Password', 'password'],
      ['Manage Hardware Tokens', 'webauthn'],
      ['Manage Passkeys', 'passkey'],
      ['Manage 2FA Backup Recovery Codes', 'lookup_secret'],
      ['Social Sign In', 'oidc'],
      ['Manage 2FA TOTP Authenticator App', 'totp'],
    ]) {
      expect(card(title!).id).toBe(anchor);
    }
  });

  it('moves to a card as an in-page anchor, not through the app’s router, and marks the entry current', async () => {
    const user = userEvent.setup();
    const navigate = vi.fn();
    window.history.replaceState(null, '', '/settings?flow=abc');
    renderWithProviders(<SettingsView flow={flow(fresh)} submit={vi.fn()} />, navigate);
    const entry = screen.getByRole('link', { name: 'Authenticator App' });
    await user.click(entry);
    expect(navigate).not.toHaveBeenCalled();
    expect(window.location.hash).toBe('#totp');
    await waitFor(() => expect(entry.getAttribute('aria-current')).toBe('location'));
    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBeNull();
  });

  it('keeps the profile card even when the flow has no profile nodes, and offers Back when the flow returns somewhere', () => {
    const bare = flow(fresh);
    bare.ui.nodes = [csrf(fresh)];
    bare.return_to = 'http://localhost:3000/projects';
    renderWithProviders(<SettingsView flow={bare} submit={vi.fn()} />);
    expect(navEntries()).toEqual([
      ['Back', 'http://localhost:3000/projects'],
      ['Profile', '#profile'],
      ['Logout', '/logout'],
    ]);
    expect(card('Profile Settings')).toBeTruthy();
  });
});

describe('messages that come with the flow', () => {
  it('shows the recovery notice above the cards, with the minutes left to change the password', () => {
    const recovered = flow(afterRecovery);
    const expiresAt = recovered.ui.messages![0]!.context!.privileged_session_expires_at_unix as number;
    vi.useFakeTimers({ now: (expiresAt - 15 * 60) * 1000, toFake: ['Date'] });
    try {
      renderWithProviders(<SettingsView flow={recovered} submit={vi.fn()} />);
    } finally {
      vi.useRealTimers();
    }
    const notice = document.querySelector('[data-message-id="1060001"]')!;
    expect(notice.textContent).toMatch(/15 minutes/);
    expect(notice.closest('section')).toBeNull();
  });
});

describe('profile and password', () => {
  it('saves the profile with its traits and shows the success message in that card', async () => {
    const user = userEvent.setup();
    const { submit } = show(fresh, profileSaved);
    const profile = card('Profile Settings');
    const first = within(profile).getByRole('textbox', { name: /First name/ });
    await user.clear(first);
    await user.type(first, 'Augusta');
    await user.click(within(profile).getByRole('button', { name: 'Save' }));
    expect(submit).toHaveBeenCalledWith({
      method: 'profile',
      csrf_token: csrfValue(fresh),
      traits: { email: flow(fresh).identity.traits.email, name: { first: 'Augusta', last: 'Lovelace' } },
    });
    const saved = within(card('Profile Settings')).getByText('Your changes have been saved!');
    expect(within(card('Change Password')).queryByText('Your changes have been saved!')).toBeNull();
    expect(saved.closest('[aria-live]')).toBe(document.activeElement);
  });

  it('shows a save’s answer only once it has come, and clears a saved password', async () => {
    const user = userEvent.setup();
    let answer: () => void = () => undefined;
    const submit = vi.fn();
    function Slow() {
      const [current, setCurrent] = useState(flow(profileSaved));
      answer = () => setCurrent(flow(totpLinked));
      return <SettingsView flow={current} submit={submit} />;
    }
    renderWithProviders(<Slow />);
    // The flow still carries the profile's success: sending a password does not show it there.
    const password = card('Change Password');
    await user.type(within(password).getByLabelText(/Password/, { selector: 'input' }), 'a much better passphrase 2026');
    await user.click(within(password).getByRole('button', { name: 'Save' }));
    expect(screen.queryByText('Your changes have been saved!')).toBeNull();
    act(() => answer());
    expect(within(card('Change Password')).getByText('Your changes have been saved!')).toBeTruthy();
    expect(within(card('Change Password')).getByLabelText<HTMLInputElement>(/Password/, { selector: 'input' }).value).toBe('');
  });

  it('keeps what is typed in the other cards when one card is saved', async () => {
    const user = userEvent.setup();
    show(fresh, profileSaved);
    const totpCode = within(card('Manage 2FA TOTP Authenticator App')).getByRole('textbox', { name: /Verification code/ });
    await user.type(totpCode, '12');
    await user.click(within(card('Profile Settings')).getByRole('button', { name: 'Save' }));
    expect(within(card('Profile Settings')).getByText('Your changes have been saved!')).toBeTruthy();
    expect(within(card('Manage 2FA TOTP Authenticator App')).getByRole<HTMLInputElement>('textbox', { name: /Verification code/ }).value).toBe('12');
  });

  it('sends the new password and shows the service’s refusal under the field', async () => {
    const user = userEvent.setup();
    const { submit } = show(fresh, passwordInvalid);
    const password = card('Change Password');
    await user.type(within(password).getByLabelText(/Password/, { selector: 'input' }), 'short');
    await user.click(within(password).getByRole('button', { name: 'Save' }));
    expect(submit).toHaveBeenCalledWith({ method: 'password', csrf_token: csrfValue(fresh), password: 'short' });
    const field = within(card('Change Password')).getByLabelText<HTMLInputElement>(/Password/, { selector: 'input' });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(
      field
        .getAttribute('aria-describedby')!
        .split(' ')
        .find((id) => id.endsWith('-messages'))!,
    )!;
    expect(message.textContent).toMatch(/at least 12 characters/);
  });
});

describe('backup codes', () => {
  it('offers to generate codes when there are none', async () => {
    const user = userEvent.setup();
    const { submit } = show(fresh);
    const codes = card('Manage 2FA Backup Recovery Codes');
    expect(within(codes).queryByRole('list')).toBeNull();
    await user.click(within(codes).getByRole('button', { name: 'Generate new backup recovery codes' }));
    expect(submit).toHaveBeenCalledWith({ method: 'lookup_secret', csrf_token: csrfValue(fresh), lookup_secret_regenerate: 'true' });
  });

  it('shows a generated set in full and confirms it', async () => {
    const user = userEvent.setup();
    const { submit } = show(generated);
    const codes = card('Manage 2FA Backup Recovery Codes');
    const items = within(within(codes).getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(12);
    expect(items.every((item) => /^[a-z0-9]{8}$/.test(item.textContent) && !item.querySelector('del'))).toBe(true);
    await user.click(within(codes).getByRole('button', { name: 'Confirm backup recovery codes' }));
    expect(submit).toHaveBeenCalledWith({ method: 'lookup_secret', csrf_token: csrfValue(generated), lookup_secret_confirm: 'true' });
  });

  it('strikes the used code through, says it is used, and keeps the others readable', () => {
    show(revealed);
    const codes = card('Manage 2FA Backup Recovery Codes');
    const items = within(within(codes).getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(12);
    const used = items[0]!;
    expect(used.querySelector('del')).toBeTruthy();
    expect(used.querySelector('del')!.getAttribute('aria-hidden')).toBe('true');
    expect(used.textContent).toMatch(/Used on \w{3} \d{1,2}, \d{4}/);
    expect(items.slice(1).every((item) => !item.querySelector('del') && /^[a-z0-9]{8}$/.test(item.textContent))).toBe(true);
    expect(within(codes).getByRole('button', { name: 'Generate new backup recovery codes' })).toBeTruthy();
    expect(within(codes).getByRole('button', { name: 'Turn off' })).toBeTruthy();
  });
});

describe('backup codes, copied', () => {
  it('copies the codes still usable, one a line', async () => {
    const user = userEvent.setup();
    show(revealed);
    const codes = card('Manage 2FA Backup Recovery Codes');
    await user.click(within(codes).getByRole('button', { name: 'Copy' }));
    const unused = within(codes)
      .getAllByRole('listitem')
      .slice(1)
      .map((item) => item.textContent);
    expect(await navigator.clipboard.readText()).toBe(unused.join('\n'));
    expect(toastStore.get().map((toast) => toast.text)).toEqual(['Copied to clipboard']);
  });
});

describe('authenticator app', () => {
  it('shows the QR code, the key to type in instead, and asks for the code', async () => {
    const user = userEvent.setup();
    const { submit } = show(fresh);
    const totp = card('Manage 2FA TOTP Authenticator App');
    const qr = within(totp).getByRole<HTMLImageElement>('img', { name: 'Authenticator app QR code' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(qr.width).toBe(256);
    const secret = (
      flow(fresh).ui.nodes.find((n) => n.attributes.node_type === 'text' && n.attributes.id === 'totp_secret_key')!.attributes as unknown as {
        text: { context: { secret: string } };
      }
    ).text.context.secret;
    expect(within(totp).getByText(secret).tagName).toBe('CODE');
    await user.type(within(totp).getByRole('textbox', { name: /Verification code/ }), '123456');
    await user.click(within(totp).getByRole('button', { name: 'Save' }));
    expect(submit).toHaveBeenCalledWith({ method: 'totp', csrf_token: csrfValue(fresh), totp_code: '123456' });
  });

  it('shows what a key node carries when parts of it are missing, and never takes the card down', () => {
    // Some identity service versions (and some recordings) send the key's message without its
    // `text`, without its context, or the node without any message at all.
    const variants: [string, (attributes: Record<string, unknown>) => void, string | null][] = [
      ['no text, the key in the context', (a) => delete (a.text as Record<string, unknown>).text, 'S7BI4B7UM3BJRMJGUTG57TEGQJOH7CSF'],
      ['no context, the key as text', (a) => delete (a.text as Record<string, unknown>).context, 'S7BI4B7UM3BJRMJGUTG57TEGQJOH7CSF'],
      ['neither text nor context', (a) => (a.text = { id: 1050006, type: 'info' }), null],
      ['no message at all', (a) => delete a.text, null],
    ];
    for (const [, change, shown] of variants) {
      const recorded = structuredClone(fresh);
      const key = recorded.ui.nodes.find((n) => n.attributes.node_type === 'text' && n.attributes.id === 'totp_secret_key')!;
      change(key.attributes);
      const { unmount } = renderWithProviders(<SettingsView flow={flow(recorded)} submit={() => undefined} />);
      const totp = card('Manage 2FA TOTP Authenticator App');
      expect(within(totp).getByRole('img', { name: 'Authenticator app QR code' })).toBeTruthy();
      expect(within(totp).getByRole('textbox', { name: /Verification code/ })).toBeTruthy();
      if (shown) expect(within(totp).getByText(shown).tagName).toBe('CODE');
      unmount();
    }
  });

  it('keeps the same key after a wrong code, with the message under the field', () => {
    show(totpInvalid);
    const totp = card('Manage 2FA TOTP Authenticator App');
    expect(within(totp).getByRole('img', { name: 'Authenticator app QR code' })).toBeTruthy();
    expect(
      within(totp)
        .getByRole('textbox', { name: /Verification code/ })
        .getAttribute('aria-invalid'),
    ).toBe('true');
  });

  it('unlinks a linked app', async () => {
    const user = userEvent.setup();
    const { submit } = show(totpLinked);
    const totp = card('Manage 2FA TOTP Authenticator App');
    expect(within(totp).queryByRole('img')).toBeNull();
    expect(within(totp).getByText('Linked')).toBeTruthy();
    await user.click(within(totp).getByRole('button', { name: 'Unlink authenticator app' }));
    expect(submit).toHaveBeenCalledWith({ method: 'totp', csrf_token: csrfValue(totpLinked), totp_unlink: 'true' });
  });
});

describe('security keys, passkeys and social sign-in', () => {
  it('removes a security key by its name and names a new one', async () => {
    const user = userEvent.setup();
    const { submit } = show(allMethods);
    const keys = card('Manage Hardware Tokens');
    await user.click(within(keys).getByRole('button', { name: 'Remove security key “YubiKey 5C”' }));
    expect(submit).toHaveBeenCalledWith({ method: 'webauthn', csrf_token: csrfValue(allMethods), webauthn_remove: '7975626b657935' });
    expect(within(keys).getByRole('textbox', { name: 'Security key name' })).toBeTruthy();
    expect(within(keys).getByRole('button', { name: 'Add security key' }).getAttribute('type')).toBe('button');
  });

  it('shows passkeys without a security-key card when the flow offers passkeys only', () => {
    const passkeysOnly = flow(allMethods);
    passkeysOnly.ui.nodes = passkeysOnly.ui.nodes.filter((n) => n.group !== 'webauthn' || n.attributes.node_type === 'script');
    renderWithProviders(<SettingsView flow={passkeysOnly} submit={vi.fn()} />);
    expect(card('Manage Passkeys')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Manage Hardware Tokens' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Hardware Tokens' })).toBeNull();
  });

  it('puts the registration result and the method in the form the identity host’s script posts itself', () => {
    show(allMethods);
    const trigger = within(card('Manage Hardware Tokens')).getByRole('button', { name: 'Add security key' });
    const form = trigger.closest('form')!;
    const fields = Object.fromEntries(new FormData(form).entries());
    expect(fields).toMatchObject({ method: 'webauthn', webauthn_register: '', webauthn_register_displayname: '', csrf_token: csrfValue(allMethods) });
    // The script finds its fields by name in the whole document: each must be there once.
    expect(document.getElementsByName('webauthn_register')).toHaveLength(1);
    expect(document.getElementsByName('passkey_create_data')).toHaveLength(1);
    expect(document.getElementsByName('passkey_settings_register')).toHaveLength(1);
  });

  it('says when there are no security keys or passkeys yet', () => {
    const none = flow(allMethods);
    none.ui.nodes = none.ui.nodes.filter((n) => !(n.attributes.node_type === 'input' && /_remove$/.test(n.attributes.name)));
    renderWithProviders(<SettingsView flow={none} submit={vi.fn()} />);
    expect(within(card('Manage Hardware Tokens')).getByText('You haven’t added any security keys yet.')).toBeTruthy();
    expect(within(card('Manage Passkeys')).getByText('You haven’t added any passkeys yet.')).toBeTruthy();
  });

  it('removes a passkey by its name and offers to add one', async () => {
    const user = userEvent.setup();
    const { submit } = show(allMethods);
    const passkeys = card('Manage Passkeys');
    await user.click(within(passkeys).getByRole('button', { name: 'Remove passkey “Laptop”' }));
    expect(submit).toHaveBeenCalledWith({ method: 'passkey', csrf_token: csrfValue(allMethods), passkey_remove: '6c6170746f70' });
    expect(within(passkeys).getByRole('button', { name: 'Add passkey' })).toBeTruthy();
  });

  it('links and unlinks providers, each shown with whether it is linked', async () => {
    const user = userEvent.setup();
    const { submit } = show(allMethods);
    const social = card('Social Sign In');
    const rows = within(social).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['githubNot linkedLink github', 'googleLinkedUnlink google']);
    await user.click(within(social).getByRole('button', { name: 'Unlink google' }));
    expect(submit).toHaveBeenLastCalledWith({ method: 'oidc', csrf_token: csrfValue(allMethods), unlink: 'google' });
    await user.click(within(social).getByRole('button', { name: 'Link github' }));
    expect(submit).toHaveBeenLastCalledWith({ method: 'oidc', csrf_token: csrfValue(allMethods), link: 'github' });
  });
});
