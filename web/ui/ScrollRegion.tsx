/**
 * The box around a table that scrolls sideways on a narrow screen. It is a named region and a tab
 * stop, so someone on a keyboard can reach it and scroll it with the arrow keys as a mouse or a
 * finger would (WCAG 2.1.1; axe's `scrollable-region-focusable`).
 */
import type { ReactNode } from 'react';
import './data-table.css';

export function ScrollRegion(props: { label?: string; labelledBy?: string; busy?: boolean; children: ReactNode }) {
  return (
    <div className="data-table-scroll" role="region" tabIndex={0} aria-label={props.label} aria-labelledby={props.labelledBy} aria-busy={props.busy || undefined}>
      {props.children}
    </div>
  );
}
