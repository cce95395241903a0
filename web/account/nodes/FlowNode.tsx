/** One node, by `node_type` and input `type`: the single switch of the renderer. */
import { useEffect } from 'react';
import type { UiNode } from '../../../shared/identity-flow.js';
import { ButtonNode } from './ButtonNode.js';
import { CheckboxNode } from './CheckboxNode.js';
import { displayValue } from './node-label.js';
import { renderableNode } from './node-kind.js';
import { NodeMessages } from './NodeMessages.js';
import { AnchorNode, DivisionNode, ImageNode, ScriptNode, TextNode } from './OtherNodes.js';
import { runTrigger } from './script-loader.js';
import { TextInputNode } from './TextInputNode.js';

export interface FlowNodeProps {
  node: UiNode;
  /** Prefix of element ids, unique per form on the page. */
  formId: string;
  busy?: boolean;
  primary?: boolean;
}

function HiddenNode({ node }: { node: UiNode }) {
  const attributes = node.attributes.node_type === 'input' ? node.attributes : undefined;
  const trigger = attributes?.onloadTrigger;
  useEffect(() => {
    if (trigger) void runTrigger(trigger, undefined);
  }, [trigger]);
  if (!attributes) return null;
  return (
    <>
      <input type="hidden" name={attributes.name} defaultValue={displayValue(attributes.value)} disabled={attributes.disabled} />
      <NodeMessages messages={node.messages} />
    </>
  );
}

export function FlowNode({ node: given, formId, busy, primary }: FlowNodeProps) {
  const node = renderableNode(given);
  if (!node) return null;
  const { attributes } = node;
  switch (attributes.node_type) {
    case 'input':
      switch (attributes.type) {
        case 'hidden':
          return <HiddenNode node={node} />;
        case 'submit':
        case 'button':
          return <ButtonNode node={node} attributes={attributes} formId={formId} busy={busy} primary={primary} />;
        case 'checkbox':
          return <CheckboxNode node={node} attributes={attributes} formId={formId} />;
        default:
          return <TextInputNode node={node} attributes={attributes} formId={formId} />;
      }
    case 'text':
      return <TextNode node={node} attributes={attributes} />;
    case 'img':
      return <ImageNode node={node} attributes={attributes} />;
    case 'a':
      return <AnchorNode node={node} attributes={attributes} />;
    case 'script':
      return <ScriptNode attributes={attributes} />;
    case 'div':
      return <DivisionNode attributes={attributes} />;
  }
}

/** What a node is: a node changing type or value (identifier → hidden) mounts afresh. */
function nodeIdentity(node: UiNode, index: number): string {
  const { attributes } = node;
  if (attributes.node_type === 'input') return `${node.group}:${attributes.name}:${attributes.type}:${displayValue(attributes.value)}`;
  if ('id' in attributes) return `${node.group}:${attributes.node_type}:${attributes.id}`;
  return `${node.group}:${index}`;
}

/**
 * One key per node, unique in the list. A flow may repeat a node exactly (the second screen of a
 * two-step registration carries the hidden traits twice), so a repeat is told apart by how many
 * came before it; the first keeps its plain key, and so its state.
 */
export function nodeKeys(nodes: readonly UiNode[]): string[] {
  const seen = new Map<string, number>();
  return nodes.map((node, index) => {
    const identity = nodeIdentity(node, index);
    const repeat = seen.get(identity) ?? 0;
    seen.set(identity, repeat + 1);
    return repeat === 0 ? identity : `${identity}#${repeat + 1}`;
  });
}
