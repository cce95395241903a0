/** The flow's script nodes, loaded once for the whole card whichever form they belong to. */
import type { UiNode } from '../../../shared/identity-flow.js';
import { ScriptNode } from '../nodes/OtherNodes.js';

export function FlowScripts({ nodes }: { nodes: readonly UiNode[] }) {
  return <>{nodes.map((node) => (node.attributes.node_type === 'script' ? <ScriptNode key={node.attributes.id} attributes={node.attributes} /> : null))}</>;
}
