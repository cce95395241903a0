/** A node's or a flow's messages, each styled by its severity; fields point at them by id. */
import type { UiText } from '../../../shared/identity-flow.js';
import { useMessageText } from '../use-message-text.js';

export function NodeMessages({ id, messages }: { id?: string; messages: readonly UiText[] }) {
  const text = useMessageText();
  if (messages.length === 0) return null;
  return (
    <ul id={id} className="messages">
      {messages.map((message, index) => (
        <li key={`${message.id}-${index}`} className={`message message-${message.type}`} data-message-id={message.id}>
          {text(message)}
        </li>
      ))}
    </ul>
  );
}

/** Messages about the whole flow, announced politely when they change (after a submit). */
export function FlowMessages({ messages }: { messages: readonly UiText[] }) {
  return (
    <div className="flow-messages" aria-live="polite">
      <NodeMessages messages={messages} />
    </div>
  );
}
