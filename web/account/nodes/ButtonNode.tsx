/**
 * A submit button (sends its name and value with the form) or a plain button that runs a
 * function of the identity host's script (`onclickTrigger`, or a legacy `onclick` call).
 * Provider, "Email" and "Resend code" buttons submit without the browser's field checks.
 */
import { useMessageText } from '../use-message-text.js';
import { displayValue, nodeLabel } from './node-label.js';
import { NodeMessages } from './NodeMessages.js';
import { runLegacyOnclick, runTrigger } from './script-loader.js';
import type { InputNodeProps } from './TextInputNode.js';
import { completesProviderSignUp, skipsValidation } from './validation-skip.js';
import '../../ui/button.css';
import '../../ui/spinner.css';

export interface ButtonNodeProps extends InputNodeProps {
  /** The button that Enter presses, and the most prominent one. */
  primary?: boolean;
}

export function ButtonNode({ node, attributes, busy, primary }: ButtonNodeProps) {
  const text = useMessageText();
  const label = text(nodeLabel(node)) || displayValue(attributes.value) || attributes.name;
  const isSubmit = attributes.type === 'submit';
  const provider = (node.group === 'oidc' || node.group === 'saml') && !completesProviderSignUp(node);
  const pending = busy === true && isSubmit;
  const className = ['button', primary ? 'button-primary' : 'button-secondary', provider ? 'button-provider' : ''].filter(Boolean).join(' ');

  function onClick(event: React.MouseEvent<HTMLButtonElement>) {
    // While a request is under way the button stays focusable (and announced as busy) but does nothing.
    if (pending) {
      event.preventDefault();
      return;
    }
    if (isSubmit) return;
    if (attributes.onclickTrigger) void runTrigger(attributes.onclickTrigger, attributes.value);
    else if (attributes.onclick) void runLegacyOnclick(attributes.onclick);
  }

  return (
    <div className="field field-button" data-group={node.group}>
      <button
        type={isSubmit ? 'submit' : 'button'}
        className={className}
        name={attributes.name}
        value={displayValue(attributes.value)}
        disabled={attributes.disabled}
        aria-disabled={pending || undefined}
        data-pending={pending || undefined}
        formNoValidate={isSubmit && skipsValidation(node)}
        onClick={onClick}
        data-group={node.group}
        data-primary={primary ? 'true' : undefined}
      >
        {pending && <span className="spinner spinner-small" aria-hidden="true" />}
        {label}
      </button>
      <NodeMessages messages={node.messages} />
    </div>
  );
}
