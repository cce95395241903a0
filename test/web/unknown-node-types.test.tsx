/**
 * Nodes of node types this client does not know, or without one: newer identity services add
 * types, and a field must not vanish without a trace. What can be told from `node.type` or the
 * attributes is shown; what cannot is reported once per type.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoginFlow, UiNode } from '../../shared/identity-flow.js';
import { LoginView } from '../../web/account/cards/LoginCard.js';
import { renderableNodes } from '../../web/account/nodes/node-kind.js';
import { FlowNode } from '../../web/account/nodes/FlowNode.js';
import fresh from './fixtures/account/login-fresh.json' with { type: 'json' };
import { fixture, renderWithProviders } from './support/render.js';

afterEach(() => vi.restoreAllMocks());

/** The recorded sign-in flow with `node_type` removed from every node, as an older or newer service might send it. */
function withoutNodeTypes(): LoginFlow {
  const flow = fixture(fresh) as unknown as LoginFlow;
  for (const node of flow.ui.nodes) delete (node.attributes as { node_type?: string }).node_type;
  return flow;
}

const node = (type: string, attributes: Record<string, unknown>): UiNode => ({ type, group: 'default', attributes, messages: [], meta: {} }) as unknown as UiNode;

describe('nodes without a known node_type', () => {
  it('still become their controls, and the form sends them', async () => {
    const submit = vi.fn();
    const flow = withoutNodeTypes();
    // The card receives flows as the page hands them over: made renderable on arrival.
    renderWithProviders(<LoginView flow={{ ...flow, ui: { ...flow.ui, nodes: renderableNodes(flow.ui.nodes) } }} submit={submit} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /^E-?mail/i }), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in with password' }));
    expect(submit).toHaveBeenCalledWith(expect.objectContaining({ method: 'password', identifier: 'ada@example.com', password: 'correct horse battery' }));
  });

  it('are rendered by the node renderer itself from node.type or the attributes', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(
      <>
        <FlowNode formId="f" node={node('input', { name: 'nickname', type: 'text', disabled: false })} />
        <FlowNode formId="f" node={node('select', { name: 'country', node_type: 'select', disabled: false })} />
        <FlowNode formId="f" node={node('text', { id: 'notice', text: { id: 1050006, text: 'JBSWY3DPEHPK3PXP', type: 'info' } })} />
        <FlowNode formId="f" node={node('anchor', { id: 'help', href: '/help', title: { id: 1070009, text: 'Continue', type: 'info' } })} />
      </>,
    );
    expect(document.querySelector('input[name="nickname"]')).not.toBeNull();
    expect(document.querySelector('input[name="country"]')).not.toBeNull();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/help');
    expect(warn).not.toHaveBeenCalled();
  });

  it('report what cannot be shown once per type, and leave the rest of the form intact', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const mystery = node('hologram', { node_type: 'hologram', id: 'h1' });
    const nodes = renderableNodes([mystery, node('hologram', { node_type: 'hologram', id: 'h2' }), node('input', { name: 'kept', type: 'text', disabled: false })]);
    render(<FlowNode formId="f" node={mystery} />);
    expect(nodes.map((n) => (n.attributes as { name?: string }).name)).toEqual(['kept']);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toContain('"hologram"');
  });
});
