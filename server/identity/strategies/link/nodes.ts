/** The link strategy's nodes (Kratos `strategy/link`). */
import type { UiNode } from '../../../../shared/identity-flow.js';
import { label } from '../../ui/messages.js';
import { inputNode, submitNode } from '../../ui/nodes.js';

export function linkEmailNodes(email?: string): UiNode[] {
  return [
    inputNode('email', 'email', 'link', { value: email, required: true, autocomplete: 'email', label: label.email() }),
    submitNode('method', 'link', 'link', label.continue()),
  ];
}
