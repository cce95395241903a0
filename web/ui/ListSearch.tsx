/**
 * The query box above a list. The address follows the typing after a short pause, so every key
 * press does not become a request and a history entry; Enter applies it at once.
 */
import { useEffect, useId, useRef, useState } from 'react';
import './form/field.css';

const DEBOUNCE_MS = 300;

export function ListSearch({ label, value, onChange }: { label: string; value: string; onChange: (q: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  // The parent's callback changes on every render; the pause must not restart because of it.
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => latest.current(text), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <form
      role="search"
      className="list-search"
      onSubmit={(event) => {
        event.preventDefault();
        latest.current(text);
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input id={id} className="input" type="search" placeholder={label} value={text} onChange={(event) => setText(event.target.value)} />
    </form>
  );
}
