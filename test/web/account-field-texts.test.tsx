/**
 * What the account forms say about their fields in the reader's language: labels of traits
 * (with or without a schema title), our own validation messages linked to the field, and where
 * the keyboard starts on a second-factor card.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import de from '../../locales/de.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import fr from '../../locales/fr.json' with { type: 'json' };
import type { FlowBase, LoginFlow, UiNode } from '../../shared/identity-flow.js';
import { LoginView } from '../../web/account/cards/LoginCard.js';
import { FlowForm } from '../../web/account/nodes/FlowForm.js';
import { humanise } from '../../web/account/nodes/node-label.js';
import { setCatalogue } from '../../web/lib/i18n.js';
import aal2 from './fixtures/account/login-aal2.json' with { type: 'json' };
import { flowFixture, renderWithProviders } from './support/render.js';

afterEach(() => setCatalogue('en', en));

/** An input as Kratos sends it for a schema property without `title`: `meta: {}`. */
const untitled = (name: string, type = 'text', extra: Record<string, unknown> = {}): UiNode =>
  ({ type: 'input', group: 'default', attributes: { node_type: 'input', name, type, disabled: false, ...extra }, messages: [], meta: {} }) as UiNode;

const titled = (name: string, title: string, type = 'text'): UiNode =>
  ({
    type: 'input',
    group: 'default',
    attributes: { node_type: 'input', name, type, disabled: false },
    messages: [],
    meta: { label: { id: 1070002, text: title, type: 'info', context: { title, name } } },
  }) as UiNode;

const submit: UiNode = {
  type: 'input',
  group: 'password',
  attributes: { node_type: 'input', name: 'method', type: 'submit', value: 'password', disabled: false },
  messages: [],
  meta: { label: { id: 1040001, text: 'Sign up', type: 'info' } },
};

function flowOf(nodes: UiNode[]): Pick<FlowBase, 'ui'> {
  return { ui: { action: 'http://localhost:3000/.ory/self-service/registration?flow=1', method: 'POST', nodes } };
}

const labels = () => Array.from(document.querySelectorAll('label')).map((label) => label.textContent?.replace(/\s*\*$/, '').trim());

describe('trait labels', () => {
  it('never show a raw field name when the schema has no titles: known traits translated, others humanised', () => {
    const nodes = [
      untitled('traits.email', 'email'),
      untitled('traits.name.first'),
      untitled('traits.name.last'),
      untitled('traits.should_big_number', 'number'),
      untitled('traits.newsletterOptIn', 'checkbox'),
    ];
    renderWithProviders(<FlowForm flow={flowOf(nodes)} onSubmit={() => undefined} />);
    expect(labels()).toEqual(['Email', 'First name', 'Last name', 'Should big number', 'Newsletter opt in']);
    expect(document.body.textContent).not.toMatch(/traits\./);
  });

  it('translate known traits by title or path in German and French, and keep an operator’s own title', () => {
    const nodes = [
      titled('traits.email', 'E-Mail', 'email'),
      titled('traits.name.first', 'First Name'),
      titled('traits.name.last', 'Last Name'),
      titled('traits.company', 'Firma'),
      untitled('traits.phone', 'tel'),
    ];
    setCatalogue('de', de);
    const { unmount } = renderWithProviders(<FlowForm flow={flowOf(nodes)} onSubmit={() => undefined} />);
    expect(labels()).toEqual(['E-Mail-Adresse', 'Vorname', 'Nachname', 'Firma', 'Telefonnummer']);
    unmount();
    setCatalogue('fr', fr);
    renderWithProviders(<FlowForm flow={flowOf(nodes)} onSubmit={() => undefined} />);
    expect(labels()).toEqual(['Adresse e-mail', 'Prénom', 'Nom', 'Firma', 'Numéro de téléphone']);
  });

  it('humanise a path segment', () => {
    expect(humanise('should_big_number')).toBe('Should big number');
    expect(humanise('firstName')).toBe('First name');
    expect(humanise('zip-code')).toBe('Zip code');
  });
});

describe('validation before sending', () => {
  it('says what is missing or wrong under the field in the reader’s language, linked to it, and sends nothing', async () => {
    setCatalogue('de', de);
    const onSubmit = vi.fn();
    // (The simulated DOM checks `required` on text and password inputs only; e-mail and formats are checked in Chromium, test/e2e.)
    const nodes = [untitled('traits.email', 'text', { required: true }), untitled('traits.website', 'url'), untitled('password', 'password', { required: true }), submit];
    renderWithProviders(<FlowForm flow={flowOf(nodes)} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.click(document.querySelector<HTMLButtonElement>('button[type="submit"]')!);
    expect(onSubmit).not.toHaveBeenCalled();
    for (const field of [screen.getByLabelText(/^E-Mail-Adresse/), document.querySelector('input[name="password"]')!]) {
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe('Bitte füllen Sie dieses Feld aus.');
    }
    expect(screen.getByLabelText(/^Website/).getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText(/^E-Mail-Adresse/));
    // Correcting a field takes its complaint away.
    const password = document.querySelector<HTMLInputElement>('input[name="password"]')!;
    await user.type(password, 'x');
    expect(password.getAttribute('aria-invalid')).toBeNull();
  });
});

describe('second factor', () => {
  it('starts with the keyboard in the code field', () => {
    renderWithProviders(<LoginView flow={flowFixture(aal2) as LoginFlow} submit={() => undefined} />);
    expect((document.activeElement as HTMLInputElement | null)?.name).toBe('totp_code');
  });
});
