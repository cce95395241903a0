/** Every node of a flow gets its own React key, even when a flow repeats a node exactly. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RegistrationFlow } from '../../shared/identity-flow.js';
import { RegistrationView } from '../../web/account/cards/RegistrationCard.js';
import { nodeKeys } from '../../web/account/nodes/FlowNode.js';
import twoStep from './fixtures/account/registration-two-step-credentials.json' with { type: 'json' };
import { fixture, renderWithProviders } from './support/render.js';

describe('the second screen of a two-step profile registration', () => {
  const consoleError = vi.spyOn(console, 'error');
  afterEach(() => consoleError.mockClear());

  it('renders without a duplicate key warning', () => {
    renderWithProviders(<RegistrationView flow={fixture(twoStep) as RegistrationFlow} submit={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    const warnings = consoleError.mock.calls.map((call) => call.map(String).join(' '));
    expect(warnings.filter((warning) => /same key|unique "key"/.test(warning))).toEqual([]);
  });

  it('keys each node once, and a node keeps its key when a repeat is added after it', () => {
    const nodes = fixture(twoStep).ui.nodes as RegistrationFlow['ui']['nodes'];
    const keys = nodeKeys(nodes);
    expect(new Set(keys).size).toBe(nodes.length);
    expect(nodeKeys(nodes.slice(0, 5))).toEqual(keys.slice(0, 5));
  });

  it('still submits the hidden traits and the pressed button', async () => {
    const submit = vi.fn();
    renderWithProviders(<RegistrationView flow={fixture(twoStep) as RegistrationFlow} submit={submit} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back' }));
    expect(submit).toHaveBeenCalledWith(expect.objectContaining({ screen: 'previous', traits: { email: 'ada@example.com', name: { first: 'Ada', last: 'Lovelace' } } }));
  });
});
