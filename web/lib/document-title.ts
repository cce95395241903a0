/**
 * The browser tab's title: the page's own name first, then where it sits, then the product
 * ("Devices — Acme — sitewave"), so tabs and history entries tell pages apart. Set by the page
 * frames (Card, PageHeader), not by each screen.
 */
import { useEffect } from 'react';

export const PRODUCT_NAME = 'sitewave';
const SEPARATOR = ' — ';

export function documentTitle(parts: readonly (string | undefined)[]): string {
  return [...parts.filter((part): part is string => Boolean(part && part.trim())), PRODUCT_NAME].join(SEPARATOR);
}

export function useDocumentTitle(parts: readonly (string | undefined)[]): void {
  const title = documentTitle(parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
