/**
 * A typed-in field (text, email, tel, url, number, date, datetime-local, password). The form
 * checks `required`, the type, `pattern` and `maxlength` when it is sent and says what is wrong in
 * the reader's language; that and the service's own messages sit under the field and are linked to
 * it (aria-describedby, aria-invalid). Native elements: fully accessible as they are, and nothing
 * extra to download on the sign-in page.
 */
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n.js';
import type { UiNode, UiNodeInputAttributes } from '../../../shared/identity-flow.js';
import { useMessageText } from '../use-message-text.js';
import { fieldId, messagesId } from './field-ids.js';
import { useFieldProblem } from './field-validation.js';
import { displayValue, fieldLabel, hasError } from './node-label.js';
import { NodeMessages } from './NodeMessages.js';
import { EyeIcon } from '../../ui/EyeIcon.js';
import '../../ui/form/field.css';

export interface InputNodeProps {
  node: UiNode;
  attributes: UiNodeInputAttributes;
  formId: string;
  busy?: boolean;
}

export function TextInputNode({ node, attributes, formId }: InputNodeProps) {
  const { t } = useTranslation();
  const text = useMessageText();
  const [revealed, setRevealed] = useState(false);
  const id = fieldId(formId, attributes.name);
  const problem = useFieldProblem(attributes.name);
  const messages = problem ? [{ id: 0, type: 'error' as const, text: t(problem) }, ...node.messages] : node.messages;
  const describedBy = messages.length > 0 ? messagesId(id) : undefined;
  const isPassword = attributes.type === 'password';
  const required = attributes.required === true;

  return (
    <div className="field" data-group={node.group}>
      <label className="field-label" htmlFor={id}>
        {fieldLabel(node, t, text)}
        {required && (
          <span className="required-mark" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <div className="field-control">
        <input
          id={id}
          className="input"
          name={attributes.name}
          type={isPassword && revealed ? 'text' : attributes.type}
          defaultValue={isPassword ? undefined : displayValue(attributes.value)}
          required={required}
          disabled={attributes.disabled}
          autoComplete={attributes.autocomplete}
          pattern={attributes.pattern}
          maxLength={attributes.maxlength}
          aria-invalid={hasError(node) || Boolean(problem) || undefined}
          aria-describedby={describedBy}
        />
        {isPassword && (
          <button
            type="button"
            className="reveal-button"
            aria-label={revealed ? t('common.hidePassword') : t('common.showPassword')}
            aria-pressed={revealed}
            aria-controls={id}
            onClick={() => setRevealed((shown) => !shown)}
          >
            <EyeIcon crossed={revealed} />
          </button>
        )}
      </div>
      <NodeMessages id={describedBy} messages={messages} />
    </div>
  );
}
