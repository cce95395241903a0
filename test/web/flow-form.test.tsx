import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FlowBase, UiNode } from '../../shared/identity-flow.js';
import { FlowForm } from '../../web/account/nodes/FlowForm.js';
import { NodeList } from '../../web/account/nodes/NodeList.js';
import loginCodeSent from './fixtures/account/login-code-sent.json' with { type: 'json' };
import loginFresh from './fixtures/account/login-fresh.json' with { type: 'json' };
import loginMissing from './fixtures/account/login-missing-fields.json' with { type: 'json' };
import recoverySent from './fixtures/account/recovery-sent.json' with { type: 'json' };
import registrationFresh from './fixtures/account/registration-fresh.json' with { type: 'json' };
import { flowFixture, renderWithProviders } from './support/render.js';

const input = (name: string, type: string, extra: Record<string, unknown> = {}, label?: string): UiNode =>
  ({
    type: 'input',
    group: 'default',
    attributes: { node_type: 'input', name, type, disabled: false, ...extra },
    messages: [],
    meta: label ? { label: { id: 1070002, text: label, type: 'info', context: { title: label } } } : {},
  }) as UiNode;

function flowOf(nodes: UiNode[]): Pick<FlowBase, 'ui'> {
  return { ui: { action: 'http://localhost:3000/.ory/self-service/registration?flow=1', method: 'POST', nodes } };
}

describe('FlowForm', () => {
  it('renders every input type of the protocol with its attributes', () => {
    const types = ['text', 'password', 'number', 'email', 'tel', 'datetime-local', 'date', 'url'];
    const nodes = [
      ...types.map((type) =>
        input(`traits.${type.replace('-', '_')}`, type, { required: type === 'email', autocomplete: type === 'email' ? 'email' : undefined }, `Field ${type}`),
      ),
      input('traits.code', 'text', { pattern: '[0-9]+', maxlength: 6 }, 'Code'),
      input('traits.locked', 'text', { disabled: true, value: 'fixed' }, 'Locked'),
      input('traits.newsletter', 'checkbox', { value: true }, 'Newsletter'),
      input('csrf_token', 'hidden', { value: 'token-1' }),
      input('method', 'submit', { value: 'password' }, 'Sign up'),
    ];
    const { container } = renderWithProviders(<FlowForm flow={flowOf(nodes)} onSubmit={() => undefined} />);
    for (const type of types) {
      const field = screen.getByLabelText(new RegExp(`^Field ${type}( \\*)?$`));
      expect(field.getAttribute('type')).toBe(type);
    }
    const email = screen.getByLabelText(/^Field email/);
    expect(email.hasAttribute('required')).toBe(true);
    expect(email.getAttribute('autocomplete')).toBe('email');
    const code = screen.getByLabelText('Code');
    expect(code.getAttribute('pattern')).toBe('[0-9]+');
    expect(code.getAttribute('maxlength')).toBe('6');
    expect(screen.getByLabelText<HTMLInputElement>('Locked').disabled).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Newsletter').checked).toBe(true);
    expect((container.querySelector('input[name="csrf_token"]') as HTMLInputElement).value).toBe('token-1');
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeTruthy();
  });

  it('marks required fields and links the service’s messages to their field', () => {
    renderWithProviders(<FlowForm flow={flowFixture(loginMissing)} onSubmit={() => undefined} />);
    const identifier = screen.getByRole('textbox', { name: /^Email/ });
    expect(identifier.getAttribute('aria-invalid')).toBe('true');
    const describedBy = identifier.getAttribute('aria-describedby') ?? '';
    const messages = describedBy
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    expect(messages).toContain('identifier is required.');
    const password = screen.getByLabelText(/^Password/);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-describedby')).toBeTruthy();
  });

  it('posts the pressed button’s name and value with the fields of its method, traits nested', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<FlowForm flow={flowFixture(registrationFresh)} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'a long enough passphrase');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const body = onSubmit.mock.calls[0]![0];
    expect(body).toMatchObject({ method: 'password', password: 'a long enough passphrase', traits: { email: 'ada@example.com' } });
    expect(typeof body.csrf_token).toBe('string');

    onSubmit.mockClear();
    await user.click(screen.getByRole('button', { name: 'Email me a sign-up code' }));
    const codeBody = onSubmit.mock.calls[0]![0];
    expect(codeBody.method).toBe('code');
    expect(codeBody.traits).toMatchObject({ email: 'ada@example.com' });
    expect(codeBody).not.toHaveProperty('password');
  });

  it('lets “Resend code” and “Email” submit without filling the required code, and sends no empty code', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<FlowForm flow={flowFixture(recoverySent)} onSubmit={onSubmit} />);
    const resend = screen.getByRole('button', { name: 'Resend code' });
    expect((resend as HTMLButtonElement).formNoValidate).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Continue' }).formNoValidate).toBe(false);
    await userEvent.setup().click(resend);
    const body = onSubmit.mock.calls[0]![0];
    expect(body.email).toMatch(/@example\.com$/);
    expect(body.method).toBe('code');
    expect(body).not.toHaveProperty('code');
  });

  it('lets social provider buttons skip validation', () => {
    const provider: UiNode = { ...input('provider', 'submit', { value: 'github' }), group: 'oidc' };
    renderWithProviders(<FlowForm flow={flowOf([input('identifier', 'text', { required: true }, 'Email'), provider])} onSubmit={() => undefined} />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'github' }).formNoValidate).toBe(true);
  });

  it('submits on Enter only where asked, pressing the button of the field’s method', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<FlowForm flow={flowFixture(loginFresh)} groups={['default', 'code', 'password']} onSubmit={onSubmit} submitOnEnter />);
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret passphrase{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ method: 'password', identifier: 'ada@example.com', password: 'secret passphrase' });
    onSubmit.mockClear();
    fireEvent.keyDown(screen.getByRole('textbox', { name: /^Email/ }), { key: 'Enter' });
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0].method).toBe('password');
    unmount();

    onSubmit.mockClear();
    renderWithProviders(<FlowForm flow={flowFixture(registrationFresh)} onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the second step of a code sign-in with the hidden identifier', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<FlowForm flow={flowFixture(loginCodeSent)} onSubmit={onSubmit} submitOnEnter />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Sign-in code/), '123456{Enter}');
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ method: 'code', code: '123456', identifier: expect.stringMatching(/@example\.com$/) });
  });

  it('renders text (secrets as code), image and link nodes', () => {
    const nodes: UiNode[] = [
      {
        type: 'img',
        group: 'totp',
        attributes: { node_type: 'img', id: 'totp_qr', src: 'data:image/png;base64,AAAA', width: 256, height: 256 },
        messages: [],
        meta: { label: { id: 1050005, text: 'Authenticator app QR code', type: 'info' } },
      },
      {
        type: 'text',
        group: 'totp',
        attributes: { node_type: 'text', id: 'totp_secret_key', text: { id: 1050006, text: 'ABCDEF', type: 'info', context: { secret: 'ABCDEF' } } },
        messages: [],
        meta: { label: { id: 1050017, text: 'This is your authenticator app secret.', type: 'info' } },
      },
      {
        type: 'a',
        group: 'code',
        attributes: { node_type: 'a', id: 'continue', href: '/settings', title: { id: 1070009, text: 'Continue', type: 'info' } },
        messages: [],
        meta: {},
      },
    ];
    renderWithProviders(<NodeList nodes={nodes} formId="n" />);
    const image = screen.getByRole<HTMLImageElement>('img');
    expect(image.getAttribute('src')).toBe('data:image/png;base64,AAAA');
    expect(image.alt).toBeTruthy();
    expect(image.width).toBe(256);
    expect(screen.getByText('ABCDEF').tagName).toBe('CODE');
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/settings');
  });

  it('loads a script node once and runs a button’s trigger', async () => {
    const script: UiNode = {
      type: 'script',
      group: 'webauthn',
      attributes: {
        node_type: 'script',
        id: 'webauthn_script',
        src: '/.ory/.well-known/ory/webauthn.js',
        type: 'text/javascript',
        async: true,
        referrerpolicy: 'no-referrer',
        crossorigin: 'anonymous',
        integrity: '',
        nonce: '',
      },
      messages: [],
      meta: {},
    };
    const trigger: UiNode = {
      ...input('passkey_login_trigger', 'button', { value: '{"publicKey":{"challenge":"abc"}}', onclickTrigger: 'oryPasskeyLogin' }),
      group: 'passkey',
      meta: { label: { id: 1010021, text: 'Sign in with passkey', type: 'info' } },
    };
    const called = vi.fn();
    (window as unknown as Record<string, unknown>).oryPasskeyLogin = called;
    renderWithProviders(<NodeList nodes={[script, script, trigger]} formId="t" />);
    const scripts = document.head.querySelectorAll('script[src="/.ory/.well-known/ory/webauthn.js"]');
    expect(scripts.length).toBe(1);
    scripts[0]!.dispatchEvent(new Event('load'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in with passkey' }));
    await vi.waitFor(() => expect(called).toHaveBeenCalledWith({ publicKey: { challenge: 'abc' } }));
    expect(within(document.body).queryByRole('alert')).toBeNull();
  });
});
