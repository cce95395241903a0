/**
 * The sign-in card rendered from sign-in flows recorded from the identity service: normal mode
 * with its sections, refresh and second-factor modes, and the service's answers shown where the
 * user looks for them.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LoginFlow } from '../../shared/identity-flow.js';
import { LoginView } from '../../web/account/cards/LoginCard.js';
import aal2 from './fixtures/account/login-aal2.json' with { type: 'json' };
import aal2Wrong from './fixtures/account/login-aal2-wrong-code.json' with { type: 'json' };
import allMethods from './fixtures/account/login-all-methods.json' with { type: 'json' };
import codeSent from './fixtures/account/login-code-sent.json' with { type: 'json' };
import fresh from './fixtures/account/login-fresh.json' with { type: 'json' };
import missing from './fixtures/account/login-missing-fields.json' with { type: 'json' };
import refresh from './fixtures/account/login-refresh.json' with { type: 'json' };
import wrongPassword from './fixtures/account/login-wrong-password.json' with { type: 'json' };
import { fixture, renderWithProviders } from './support/render.js';

function renderLogin(flow: unknown, submit = vi.fn()) {
  renderWithProviders(<LoginView flow={fixture(flow) as LoginFlow} submit={submit} />);
  return submit;
}

describe('sign-in card, normal mode', () => {
  it('shows the title, identifier, password with “Forgot password?”, code sign-in and the sign-up footer', () => {
    renderLogin(fresh);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Email/ })).toBeTruthy();
    expect(screen.getByLabelText(/^Password/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/recovery');
    expect(screen.getByRole('button', { name: 'Sign in with password' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Email me a sign-in code' })).toBeTruthy();
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain("Don't have an account?");
    expect(within(footer).getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/registration');
    expect(screen.queryByText("You're logged in as:")).toBeNull();
  });

  it('signs in with the identifier and password, sending the pressed button', async () => {
    const submit = renderLogin(fresh);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in with password' }));
    expect(submit).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'password', identifier: 'ada@example.com', password: 'correct horse battery', csrf_token: expect.any(String) }),
    );
  });

  it('does not send the password form while a required field is empty', async () => {
    const submit = renderLogin(fresh);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in with password' }));
    expect(submit).not.toHaveBeenCalled();
  });

  it('asks for a code with the identifier alone, without the password', async () => {
    const submit = renderLogin(fresh);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in code' }));
    const body = submit.mock.calls[0]![0];
    expect(body).toMatchObject({ method: 'code', identifier: 'ada@example.com' });
    expect(body).not.toHaveProperty('password');
  });

  it('shows wrong credentials as the card’s message and keeps the typed identifier', () => {
    renderLogin(wrongPassword);
    expect(screen.getByText(/details you entered are incorrect/i)).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Email/ }).value).toBe('nobody@example.com');
  });

  it('shows missing fields next to each field, and takes the user to the first', () => {
    renderLogin(missing);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^Email/ }));
    for (const field of [screen.getByRole('textbox', { name: /^Email/ }), screen.getByLabelText(/^Password/)]) {
      expect(field.getAttribute('aria-invalid')).toBe('true');
      const message = document.getElementById(field.getAttribute('aria-describedby')!);
      expect(message?.textContent).toMatch(/is required/);
    }
  });

  it('offers social providers, security key and passkey, each in its section, and names the OAuth2 client by its URI when it has no name', () => {
    renderLogin(allMethods);
    expect(screen.getByText('To authenticate https://survey.example.com')).toBeTruthy();
    const github = screen.getByRole('button', { name: 'Sign in with github' });
    expect((github as HTMLButtonElement).formNoValidate).toBe(true);
    expect(screen.getByRole('button', { name: 'Sign in with google' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /security key/i })).toBeTruthy();
    expect(screen.getByRole('button', { name: /passkey/i })).toBeTruthy();
    const forms = document.querySelectorAll('form');
    expect(forms.length).toBe(3);
    expect(within(forms[0] as HTMLElement).queryByRole('textbox')).toBeNull();
    expect(document.querySelectorAll('.divider').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/registration');
  });

  it('puts the e-mailed code’s form on screen after the code was sent', async () => {
    const submit = renderLogin(codeSent);
    expect(screen.getByText(/We sent a sign-in code/i)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /^Email/ })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(submit.mock.calls[0]![0]).toMatchObject({ resend: 'code', identifier: expect.stringMatching(/@example\.com$/) });
    expect(submit.mock.calls[0]![0]).not.toHaveProperty('code');
  });
});

describe('sign-in card, refresh and second-factor modes', () => {
  it("refresh: “Confirm it's you”, no identifier input, the identifier shown, logout footer", async () => {
    const submit = renderLogin(refresh);
    expect(screen.getByRole('heading', { level: 1, name: "Confirm it's you" })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    const identifier = (refresh.ui.nodes.find((n) => n.attributes.name === 'identifier')!.attributes as { value: string }).value;
    expect(screen.getByText("You're logged in as:").textContent).toContain(identifier);
    expect(screen.queryByRole('link', { name: 'Sign up' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Logout' }).getAttribute('href')).toBe('/logout');
    await userEvent.setup().type(screen.getByLabelText(/^Password/), 'correct horse battery{Enter}');
    expect(submit.mock.calls[0]![0]).toMatchObject({ method: 'password', identifier, password: 'correct horse battery' });
  });

  it('aal2: “Two-Factor Authentication”, authenticator app and backup code forms split by a divider', async () => {
    const submit = renderLogin(aal2);
    expect(screen.getByRole('heading', { level: 1, name: 'Two-Factor Authentication' })).toBeTruthy();
    const forms = document.querySelectorAll('form');
    expect(forms.length).toBe(2);
    expect(within(forms[0] as HTMLElement).getByRole('textbox', { name: /Authentication code/i })).toBeTruthy();
    expect(within(forms[1] as HTMLElement).getByRole('textbox', { name: /Backup recovery code/i })).toBeTruthy();
    expect(document.querySelectorAll('.card-body > .divider').length).toBe(1);
    expect(screen.getByText("You're logged in as:")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Logout' })).toBeTruthy();

    await userEvent.setup().type(within(forms[1] as HTMLElement).getByRole('textbox'), 'abcd1234{Enter}');
    expect(submit.mock.calls[0]![0]).toMatchObject({ method: 'lookup_secret', lookup_secret: 'abcd1234' });
    expect(submit.mock.calls[0]![0]).not.toHaveProperty('totp_code');
  });

  it('aal2: a wrong code is shown under the code field', () => {
    renderLogin(aal2Wrong);
    const code = screen.getByRole('textbox', { name: /Authentication code/i });
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(code.getAttribute('aria-describedby')!)?.textContent).toBe('The authentication code is incorrect.');
  });
});
