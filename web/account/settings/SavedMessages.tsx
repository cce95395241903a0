/**
 * The service's answer to a card's save, inside that card. The live region is there before the
 * answer comes, so it is announced; and as the card's forms are drawn afresh with the answer,
 * focus moves to the answer rather than being lost to the page.
 */
import { useEffect, useRef } from 'react';
import type { UiText } from '../../../shared/identity-flow.js';
import { NodeMessages } from '../nodes/NodeMessages.js';

export function SavedMessages({ messages }: { messages: readonly UiText[] }) {
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (messages.length > 0) region.current?.focus();
  }, [messages]);
  return (
    <div ref={region} className="flow-messages settings-saved" aria-live="polite" tabIndex={-1}>
      <NodeMessages messages={messages} />
    </div>
  );
}
