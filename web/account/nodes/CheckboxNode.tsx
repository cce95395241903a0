/** A boolean field (a schema trait of type boolean). Sent as `true`/`false`. */
import { Checkbox } from 'react-aria-components';
import { useMessageText } from '../use-message-text.js';
import { fieldId, messagesId } from './field-ids.js';
import { hasError, nodeLabel } from './node-label.js';
import { NodeMessages } from './NodeMessages.js';
import type { InputNodeProps } from './TextInputNode.js';

export function CheckboxNode({ node, attributes, formId }: InputNodeProps) {
  const text = useMessageText();
  const id = fieldId(formId, attributes.name);
  const describedBy = node.messages.length > 0 ? messagesId(id) : undefined;
  return (
    <div className="field field-checkbox" data-group={node.group}>
      <Checkbox
        id={id}
        className="checkbox"
        name={attributes.name}
        value="true"
        defaultSelected={attributes.value === true || attributes.value === 'true'}
        isRequired={attributes.required === true}
        isDisabled={attributes.disabled}
        validationBehavior="native"
        data-server-invalid={hasError(node) || undefined}
        aria-describedby={describedBy}
      >
        <span className="checkbox-box" aria-hidden="true" />
        <span>{text(nodeLabel(node)) || attributes.name}</span>
      </Checkbox>
      <NodeMessages id={describedBy} messages={node.messages} />
    </div>
  );
}
