/** Recovery and verification cards from recorded flows: choose an address, enter the code, continue. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FlowBase } from '../../shared/identity-flow.js';
import { CodeFlowView } from '../../web/account/cards/CodeFlowCard.js';
import recoveryFresh from './fixtures/account/recovery-fresh.json' with { type: 'json' };
import recoverySent from './fixtures/account/recovery-sent.json' with { type: 'json' };
import recoveryWrong from './fixtures/account/recovery-wrong-code.json' with { type: 'json' };
import verificationFresh from './fixtures/account/verification-fresh.json' with { type: 'json' };
import verificationPassed from './fixtures/account/verification-passed.json' with { type: 'json' };
import verificationSent from './fixtures/account/verification-sent.json' with { type: 'json' };
import { fixture, renderWithProviders } from './support/render.js';

const RECOVERY = { title: 'Recover your account', footer: { prompt: 'Remember your credentials?', link: 'Sign in', href: '/login' } };
const VERIFICATION = { title: 'Verify your account', footer: { prompt: "Don't have an account?", link: 'Sign up', href: '/registration' } };

function renderCard(flow: unknown, texts: typeof RECOVERY, submit = vi.fn()) {
  renderWithProviders(<CodeFlowView flow={fixture(flow) as FlowBase} texts={texts} submit={submit} />);
  return submit;
}

describe('recovery card', () => {
  it('asks for the address, with the sign-in footer', async () => {
    const submit = renderCard(recoveryFresh, RECOVERY);
    expect(screen.getByRole('heading', { level: 1, name: 'Recover your account' })).toBeTruthy();
    expect(screen.getByRole('contentinfo').textContent).toContain('Remember your credentials?');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(submit.mock.calls[0]![0]).toMatchObject({ method: 'code', email: 'ada@example.com' });
  });

  it('asks for the e-mailed code, and can send it again', async () => {
    const submit = renderCard(recoverySent, RECOVERY);
    expect(screen.getByText(/we have sent it a code to recover the account/)).toBeTruthy();
    const code = screen.getByLabelText(/code/i, { selector: 'input' });
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    const user = userEvent.setup();
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(submit.mock.calls[0]![0]).toMatchObject({ method: 'code', code: '123456' });
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(submit.mock.calls[1]![0].email).toMatch(/@example\.com$/);
  });

  it('shows a wrong code as the card’s message', () => {
    renderCard(recoveryWrong, RECOVERY);
    const message = document.querySelector('[data-message-id="4060006"]');
    expect(message?.textContent).toBeTruthy();
    expect(message?.className).toContain('message-error');
  });
});

describe('verification card', () => {
  it('asks for the address, with the sign-up footer', () => {
    renderCard(verificationFresh, VERIFICATION);
    expect(screen.getByRole('heading', { level: 1, name: 'Verify your account' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/registration');
    expect(screen.getByLabelText(/Email/).hasAttribute('required')).toBe(true);
  });

  it('asks for the code once sent', () => {
    renderCard(verificationSent, VERIFICATION);
    expect(screen.getByText(/we have sent it a verification code/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeTruthy();
  });

  it('says the address is verified and offers to continue', () => {
    renderCard(verificationPassed, VERIFICATION);
    expect(screen.getByText('You successfully verified your email address.')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Continue' });
    expect(link.getAttribute('href')).toBeTruthy();
  });
});
