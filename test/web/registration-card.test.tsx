/** The registration card from recorded registration flows. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RegistrationFlow, UiNode } from '../../shared/identity-flow.js';
import { RegistrationView } from '../../web/account/cards/RegistrationCard.js';
import fresh from './fixtures/account/registration-fresh.json' with { type: 'json' };
import invalid from './fixtures/account/registration-invalid.json' with { type: 'json' };
import taken from './fixtures/account/registration-taken.json' with { type: 'json' };
import { fixture, renderWithProviders } from './support/render.js';

function renderRegistration(flow: unknown, submit = vi.fn()) {
  renderWithProviders(<RegistrationView flow={fixture(flow) as RegistrationFlow} submit={submit} />);
  return submit;
}

describe('registration card', () => {
  it('shows the title, the traits, password and code sign-up, and the sign-in footer', () => {
    renderRegistration(fresh);
    expect(screen.getByRole('heading', { level: 1, name: 'Register an account' })).toBeTruthy();
    expect(screen.getByLabelText(/^Email/).getAttribute('type')).toBe('email');
    expect(screen.getByLabelText(/First name/)).toBeTruthy();
    expect(screen.getByLabelText(/Last name/)).toBeTruthy();
    expect(screen.getByLabelText(/^Password/).getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Email me a sign-up code' })).toBeTruthy();
    expect(screen.getByRole('contentinfo').textContent).toContain('Already have an account?');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it('sends the traits nested, with the password and the pressed button', async () => {
    const submit = renderRegistration(fresh);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/First name/), 'Ada');
    await user.type(screen.getByLabelText(/^Password/), 'a long enough passphrase');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(submit).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'password', password: 'a long enough passphrase', traits: { email: 'ada@example.com', name: { first: 'Ada', last: '' } } }),
    );
  });

  it('shows each refusal under its field', () => {
    renderRegistration(invalid);
    const email = screen.getByLabelText(/^Email/);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toContain('is not a valid email address');
    const password = screen.getByLabelText(/^Password/);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(password.getAttribute('aria-describedby')!)?.textContent).toBeTruthy();
    expect(screen.getByLabelText(/First name/).getAttribute('aria-invalid')).toBeNull();
  });

  it('shows an address already in use as the card’s message', () => {
    renderRegistration(taken);
    expect(screen.getByText('An account with this identifier already exists.')).toBeTruthy();
  });

  it('shows the passwordless way when the flow offers passkeys', () => {
    const flow = fixture(fresh) as unknown as RegistrationFlow;
    const passkey: UiNode = {
      type: 'input',
      group: 'passkey',
      attributes: { node_type: 'input', name: 'passkey_register_trigger', type: 'button', disabled: false, onclickTrigger: 'oryPasskeyRegistration', value: '' },
      messages: [],
      meta: { label: { id: 1040007, text: 'Sign up with passkey', type: 'info' } },
    };
    flow.ui.nodes.push(passkey);
    renderWithProviders(<RegistrationView flow={flow} submit={vi.fn()} />);
    expect(screen.getByRole('button', { name: /passkey/i }).getAttribute('type')).toBe('button');
  });
});
