/**
 * Tabs over one panel (the panel's content follows the selected tab): the ARIA tabs pattern with
 * the arrow keys, Home and End moving between tabs, and only the selected tab in the Tab order.
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabBarProps<K extends string> {
  label: string;
  tabs: readonly { id: K; label: string }[];
  selected: K;
  onSelect: (id: K) => void;
  children: ReactNode;
}

export function TabBar<K extends string>({ label, tabs, selected, onSelect, children }: TabBarProps<K>) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (id: K) => `${base}-tab-${id}`;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const at = tabs.findIndex((tab) => tab.id === selected);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length]!;
    onSelect(tab.id);
    list.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(tabId(tab.id))}`)?.focus();
  }

  return (
    <>
      <div ref={list} role="tablist" aria-label={label} className="tabs" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            id={tabId(tab.id)}
            type="button"
            role="tab"
            className="tab"
            aria-selected={tab.id === selected}
            aria-controls={`${base}-panel`}
            tabIndex={tab.id === selected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div id={`${base}-panel`} role="tabpanel" aria-labelledby={tabId(selected)} className="tab-panel">
        {children}
      </div>
    </>
  );
}
