/**
 * A typed-in field (text, email, tel, url, number, date, datetime-local, password). The browser
 * enforces `required`, `pattern` and `maxlength` when the form is sent; the service's own
 * messages sit under the field and are linked to it (aria-describedby, aria-invalid).
 */
import { useState } from 'react';
import { Button, FieldError, Input, Label, TextField } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { UiNode, UiNodeInputAttributes } from '../../../shared/identity-flow.js';
import { useMessageText } from '../use-message-text.js';
import { fieldId, messagesId } from './field-ids.js';
import { displayValue, hasError, nodeLabel } from './node-label.js';
import { NodeMessages } from './NodeMessages.js';

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
  const describedBy = node.messages.length > 0 ? messagesId(id) : undefined;
  const isPassword = attributes.type === 'password';
  const label = nodeLabel(node);

  return (
    <TextField
      className="field"
      id={id}
      name={attributes.name}
      type={isPassword && revealed ? 'text' : attributes.type}
      defaultValue={isPassword ? undefined : displayValue(attributes.value)}
      isRequired={attributes.required === true}
      isDisabled={attributes.disabled}
      autoComplete={attributes.autocomplete}
      pattern={attributes.pattern}
      maxLength={attributes.maxlength}
      validationBehavior="native"
      aria-describedby={describedBy}
      data-group={node.group}
    >
      <Label className="field-label">
        {text(label) || attributes.name}
        {attributes.required && (
          <span className="required-mark" aria-hidden="true">
            {' '}*
          </span>
        )}
      </Label>
      <div className="field-control">
        <Input className="input" aria-invalid={hasError(node) || undefined} />
        {isPassword && (
          <Button
            className="reveal-button"
            aria-label={revealed ? t('common.hidePassword') : t('common.showPassword')}
            aria-pressed={revealed}
            onPress={() => setRevealed((shown) => !shown)}
          >
            <span aria-hidden="true">{revealed ? '◡' : '◉'}</span>
          </Button>
        )}
      </div>
      <FieldError className="field-error" />
      <NodeMessages id={describedBy} messages={node.messages} />
    </TextField>
  );
}
