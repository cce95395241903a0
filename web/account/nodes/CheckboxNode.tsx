/** A boolean field (a schema trait of type boolean). Sent as `true`/`false`. */
import { useMessageText } from '../use-message-text.js';
import { fieldId, messagesId } from './field-ids.js';
import { hasError, nodeLabel } from './node-label.js';
import { NodeMessages } from './NodeMessages.js';
import type { InputNodeProps } from './TextInputNode.js';
import '../../ui/form/checkbox.css';

export function CheckboxNode({ node, attributes, formId }: InputNodeProps) {
  const text = useMessageText();
  const id = fieldId(formId, attributes.name);
  const describedBy = node.messages.length > 0 ? messagesId(id) : undefined;
  return (
    <div className="field field-checkbox" data-group={node.group}>
      <label className="checkbox" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          className="checkbox-input"
          name={attributes.name}
          value="true"
          defaultChecked={attributes.value === true || attributes.value === 'true'}
          required={attributes.required === true}
          disabled={attributes.disabled}
          aria-invalid={hasError(node) || undefined}
          aria-describedby={describedBy}
        />
        <span>{text(nodeLabel(node)) || attributes.name}</span>
      </label>
      <NodeMessages id={describedBy} messages={node.messages} />
    </div>
  );
}
