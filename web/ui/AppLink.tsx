/**
 * A link: a plain anchor (keyboard, screen readers, open-in-new-tab all work as usual) that moves
 * within the app without reloading it when it points at one of the app's own routes.
 */
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { goTo, isAppAddress } from '../lib/navigate.js';
import './link.css';

export function AppLink({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (rest.target && rest.target !== '_self') return;
    if (!isAppAddress(href)) return;
    event.preventDefault();
    goTo(href);
  }
  return <a href={href} onClick={handleClick} {...rest} />;
}
