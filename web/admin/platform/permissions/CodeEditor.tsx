/**
 * A plain text area dressed as a code editor: monospace, lines never wrapped, line numbers beside
 * it, and marked ranges underlined in place. The marks are drawn on a copy of the text behind
 * the transparent text area, scrolled with it; the numbers of marked lines are drawn in the
 * danger colour. Both are decoration (hidden from assistive technology): what a mark means is
 * said in text the field's description points at. Read-only, it shows a model to read and copy.
 */
import { useRef, type CSSProperties, type ReactNode, type Ref, type UIEvent } from 'react';
import { Label, Text, TextArea, TextField } from 'react-aria-components';
import { lineOf } from './opl-position.js';

export interface CodeMark {
  start: number;
  end: number;
}

export interface CodeEditorProps {
  label: string;
  value: string;
  onChange?: (value: string) => void;
  description?: string;
  /** Ids of elements that say more about the text (its problems). */
  describedBy?: string;
  isReadOnly?: boolean;
  isInvalid?: boolean;
  marks?: readonly CodeMark[];
  /** Lines tall before it scrolls. */
  rows?: number;
  placeholder?: string;
  textAreaRef?: Ref<HTMLTextAreaElement>;
}

/** The text with its marks as elements; an empty mark (at a line's end) is drawn over one space. */
function decorated(value: string, marks: readonly CodeMark[]): ReactNode[] {
  const sorted = [...marks].sort((a, b) => a.start - b.start);
  const parts: ReactNode[] = [];
  let at = 0;
  sorted.forEach((mark, index) => {
    const start = Math.max(mark.start, at);
    const end = Math.max(start, mark.end);
    // A space drawn anywhere but at a line's end would push the rest of the line aside.
    if (end === start && start < value.length && value[start] !== '\n') return;
    if (start > at) parts.push(value.slice(at, start));
    parts.push(
      <mark key={index} className={end > start ? 'code-mark' : 'code-mark code-mark-empty'}>
        {end > start ? value.slice(start, end) : ' '}
      </mark>,
    );
    at = end;
  });
  parts.push(value.slice(at));
  // A text area shows an empty last line after a final line break; so must the copy.
  parts.push('\n ');
  return parts;
}

export function CodeEditor({
  label,
  value,
  onChange,
  description,
  describedBy,
  isReadOnly = false,
  isInvalid = false,
  marks = [],
  rows = 16,
  placeholder,
  textAreaRef,
}: CodeEditorProps) {
  const gutter = useRef<HTMLDivElement>(null);
  const backdrop = useRef<HTMLPreElement>(null);
  const lineCount = value.split('\n').length;
  const marked = new Set(marks.map((mark) => lineOf(value, mark.start)));

  function follow(event: UIEvent<HTMLTextAreaElement>) {
    const { scrollTop, scrollLeft } = event.currentTarget;
    if (gutter.current) gutter.current.style.transform = `translateY(${-scrollTop}px)`;
    if (backdrop.current) backdrop.current.style.transform = `translate(${-scrollLeft}px, ${-scrollTop}px)`;
  }

  return (
    <TextField className="field code-field" value={value} onChange={onChange} isReadOnly={isReadOnly} isInvalid={isInvalid} aria-describedby={describedBy}>
      <Label className="field-label">{label}</Label>
      {description && (
        <Text slot="description" className="field-hint">
          {description}
        </Text>
      )}
      <div
        className="code-editor"
        data-readonly={isReadOnly || undefined}
        data-invalid={isInvalid || undefined}
        // The numbers' column is as wide as the longest number; the text area alone sets the height.
        style={{ '--code-gutter-digits': String(lineCount).length } as CSSProperties}
      >
        <div className="code-gutter" aria-hidden="true">
          <div ref={gutter} className="code-gutter-lines">
            {Array.from({ length: lineCount }, (_line, index) => (
              <span key={index} className={marked.has(index + 1) ? 'code-line-number code-line-marked' : 'code-line-number'}>
                {index + 1}
              </span>
            ))}
          </div>
        </div>
        <div className="code-body">
          <pre ref={backdrop} className="code-backdrop" aria-hidden="true">
            {decorated(value, marks)}
          </pre>
          <TextArea
            ref={textAreaRef}
            className="code-input"
            rows={rows}
            placeholder={placeholder}
            wrap="off"
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            autoCorrect="off"
            onScroll={follow}
          />
        </div>
      </div>
    </TextField>
  );
}
