/** The non-input nodes: text (secrets, codes, notices), images (TOTP QR), links and scripts. */
import { useEffect } from 'react';
import { AppLink } from '../../ui/AppLink.js';
import type {
  UiNode,
  UiNodeAnchorAttributes,
  UiNodeDivisionAttributes,
  UiNodeImageAttributes,
  UiNodeScriptAttributes,
  UiNodeTextAttributes,
  UiText,
} from '../../../shared/identity-flow.js';
import { useMessageText } from '../use-message-text.js';
import { NodeMessages } from './NodeMessages.js';
import { loadScriptOnce } from './script-loader.js';

/** Texts that are data to copy (a TOTP key, a backup code): shown in a monospaced face. */
const SECRET_TEXT_IDS = new Set([1050006, 1050009]);

export function TextNode({ node, attributes }: { node: UiNode; attributes: UiNodeTextAttributes }) {
  const text = useMessageText();
  // A node may come without its message (or its message without `text`): show what is there.
  const message = attributes.text as UiText | undefined;
  const secrets = message?.context?.secrets;
  const labelId = `${attributes.id}-label`;
  return (
    <div className="node-text" id={attributes.id} data-group={node.group} aria-labelledby={node.meta.label ? labelId : undefined} role="group">
      {node.meta.label && (
        <p className="node-text-label" id={labelId}>
          {text(node.meta.label)}
        </p>
      )}
      {Array.isArray(secrets) ? (
        <ul className="secret-list">
          {(secrets as UiText[]).map((secret, index) => (
            <li key={index}>
              <code>{text(secret)}</code>
            </li>
          ))}
        </ul>
      ) : message && SECRET_TEXT_IDS.has(message.id) ? (
        <code className="secret">{text(message)}</code>
      ) : (
        message && <p>{text(message)}</p>
      )}
      <NodeMessages messages={node.messages} />
    </div>
  );
}

export function ImageNode({ node, attributes }: { node: UiNode; attributes: UiNodeImageAttributes }) {
  const text = useMessageText();
  const label = text(node.meta.label);
  return (
    <figure className="node-image" data-group={node.group}>
      <img id={attributes.id} src={attributes.src} width={attributes.width} height={attributes.height} alt={label} />
      {label && <figcaption>{label}</figcaption>}
    </figure>
  );
}

export function AnchorNode({ node, attributes }: { node: UiNode; attributes: UiNodeAnchorAttributes }) {
  const text = useMessageText();
  return (
    <div className="field field-button" data-group={node.group}>
      <AppLink id={attributes.id} className="button button-primary" href={attributes.href}>
        {text(attributes.title) || text(node.meta.label)}
      </AppLink>
    </div>
  );
}

/** Loads the identity host's script once; renders nothing. */
export function ScriptNode({ attributes }: { attributes: UiNodeScriptAttributes }) {
  useEffect(() => {
    loadScriptOnce(attributes).catch(() => {
      // Without the script, passkey and security-key buttons do nothing; the other methods still work.
    });
  }, [attributes]);
  return null;
}

export function DivisionNode({ attributes }: { attributes: UiNodeDivisionAttributes }) {
  const data = Object.fromEntries(Object.entries(attributes.data ?? {}).map(([key, value]) => [`data-${key}`, value]));
  return <div id={attributes.id} className={attributes.class} {...data} />;
}
