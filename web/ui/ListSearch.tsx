/**
 * The query box above a list. The address follows the typing after a short pause, so every key
 * press does not become a request and a history entry.
 */
import { useEffect, useRef, useState } from 'react';
import { Input, Label, SearchField } from 'react-aria-components';

const DEBOUNCE_MS = 300;

export function ListSearch({ label, value, onChange }: { label: string; value: string; onChange: (q: string) => void }) {
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
    <SearchField className="list-search" value={text} onChange={setText} onSubmit={() => onChange(text)}>
      <Label className="visually-hidden">{label}</Label>
      <Input className="input" placeholder={label} />
    </SearchField>
  );
}
