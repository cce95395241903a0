/**
 * A button that shows a panel under it: the top bar's menus and the notifications list. Built on
 * the browser's popover (top layer, click outside or Escape closes it, focus returns to the
 * button), so the first signed-in page carries no overlay library. The panel follows the button
 * in the document, so Tab moves from the button into it; following a link in it closes it.
 */
import { useId, useRef, useState, type ReactNode, type ToggleEvent } from 'react';
import './popover-panel.css';

export interface PopoverPanelProps {
  /** The button's content; `buttonLabel` names it when the content is an icon. */
  button: ReactNode;
  buttonLabel?: string;
  buttonClassName: string;
  /** Names the panel for assistive technology. */
  panelLabel: string;
  align?: 'start' | 'end';
  panelClassName?: string;
  onOpenChange?: (open: boolean) => void;
  children: ReactNode;
}

const GAP_PX = 6;
const EDGE_PX = 8;

export function PopoverPanel(props: PopoverPanelProps) {
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);

  function place() {
    const button = buttonRef.current;
    const panel = panelRef.current;
    if (!button || !panel) return;
    const anchor = button.getBoundingClientRect();
    panel.style.top = `${anchor.bottom + GAP_PX}px`;
    const width = panel.offsetWidth;
    const left = props.align === 'end' ? anchor.right - width : anchor.left;
    panel.style.left = `${Math.max(EDGE_PX, Math.min(left, window.innerWidth - width - EDGE_PX))}px`;
  }

  function onToggle(event: ToggleEvent<HTMLDivElement>) {
    const isOpen = event.newState === 'open';
    setOpen(isOpen);
    if (isOpen) place();
    props.onOpenChange?.(isOpen);
  }

  return (
    <>
      <button ref={buttonRef} type="button" className={props.buttonClassName} popoverTarget={id} aria-expanded={open} aria-controls={id} aria-label={props.buttonLabel}>
        {props.button}
      </button>
      <div
        ref={panelRef}
        id={id}
        popover="auto"
        role="region"
        aria-label={props.panelLabel}
        className={['popover-panel', props.panelClassName].filter(Boolean).join(' ')}
        onToggle={onToggle}
        onClick={(event) => {
          if ((event.target as Element).closest('a, [data-closes-panel]')) panelRef.current?.hidePopover();
        }}
      >
        {props.children}
      </div>
    </>
  );
}
