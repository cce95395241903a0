/** Nodes shown without a form of their own (read-only parts of a card, or inside a caller's form). */
import type { UiNode } from '../../../shared/identity-flow.js';
import { FlowNode, nodeKeys } from './FlowNode.js';

export function NodeList({ nodes, formId, busy }: { nodes: readonly UiNode[]; formId: string; busy?: boolean }) {
  const keys = nodeKeys(nodes);
  return (
    <>
      {nodes.map((node, index) => (
        <FlowNode key={keys[index]} node={node} formId={formId} busy={busy} />
      ))}
    </>
  );
}
