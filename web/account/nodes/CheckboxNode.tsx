/** A boolean field (a schema trait of type boolean). Sent as `true`/`false`. */
import { useTranslation } from '../../lib/i18n.js';
import { useMessageText } from '../use-message-text.js';
import { useFieldProblem } from './field-validation.js';
import { fieldId, messagesId } from './field-ids.js';
import { fieldLabel, hasError } from './node-label.js';
import { NodeMessages } from './NodeMessages.js';
import type { InputNodeProps } from './TextInputNode.js';
import '../../ui/form/checkbox.css';

export function CheckboxNode({ node, attributes, formId }: InputNodeProps) {
  const { t } = useTranslation();
  const text = useMessageText();
  const id = fieldId(formId, attributes.name);
  const problem = useFieldProblem(attributes.name);
  const messages = problem ? [{ id: 0, type: 'error' as const, text: t(problem) }, ...node.messages] : node.messages;
  const describedBy = messages.length > 0 ? messagesId(id) : undefined;
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
          aria-invalid={hasError(node) || Boolean(problem) || undefined}
          aria-describedby={describedBy}
        />
        <span>{fieldLabel(node, t, text)}</span>
      </label>
      <NodeMessages id={describedBy} messages={messages} />
    </div>
  );
}
