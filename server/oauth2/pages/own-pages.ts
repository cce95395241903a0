/**
 * What the provider's own HTML pages share: the reader's language and the session cards' texts
 * in it, escaping, and the CSP source that allows one fixed inline script or style by its hash
 * (each page sends its own policy, which the gateway passes on in place of its own).
 */
import { createHash } from 'node:crypto';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../shared/locales.js';

export interface PageTexts {
  logout: { signingOut: string; continue: string };
  consent: { returning: string; continue: string };
}

// One literal import per locale, so the compiler copies each catalogue beside the built server.
const CATALOGUES: Record<Locale, () => Promise<{ default: PageTexts }>> = {
  en: () => import('../../../locales/session/en.json', { with: { type: 'json' } }),
  es: () => import('../../../locales/session/es.json', { with: { type: 'json' } }),
  de: () => import('../../../locales/session/de.json', { with: { type: 'json' } }),
  fr: () => import('../../../locales/session/fr.json', { with: { type: 'json' } }),
  nl: () => import('../../../locales/session/nl.json', { with: { type: 'json' } }),
  se: () => import('../../../locales/session/se.json', { with: { type: 'json' } }),
  pt: () => import('../../../locales/session/pt.json', { with: { type: 'json' } }),
  pl: () => import('../../../locales/session/pl.json', { with: { type: 'json' } }),
};

export async function pageTexts(locale: Locale): Promise<PageTexts> {
  return (await CATALOGUES[locale]()).default;
}

/** The first language of Accept-Language the product speaks (Swedish is `sv` there, `se` here). */
export function pageLocale(acceptLanguage: string | undefined): Locale {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const primary = part.split(';')[0]!.trim().split('-')[0]!.toLowerCase();
    const locale = primary === 'sv' ? 'se' : primary;
    if ((LOCALES as readonly string[]).includes(locale)) return locale as Locale;
  }
  return DEFAULT_LOCALE;
}

/** The page's `lang`: the catalogue's `se` is the language tag `sv`. */
export const htmlLang = (locale: Locale): string => (locale === 'se' ? 'sv' : locale);

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const hashSource = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

export interface OwnPage {
  headers: Record<string, string>;
  body: string;
}

/**
 * A whole page: its one fixed script and style allowed by hash and nothing else (frames only from
 * `frameOrigins`), never kept and never named as a referrer, since each of these pages carries
 * or leads on with a secret of the flow.
 */
export function ownPage(page: { locale: Locale; title: string; style: string; script: string; content: string; frameOrigins?: string[] }): OwnPage {
  const frames = page.frameOrigins ? ` frame-src ${page.frameOrigins.join(' ')};` : '';
  return {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': `default-src 'none'; script-src ${hashSource(page.script)}; style-src ${hashSource(page.style)};${frames} frame-ancestors 'none'; base-uri 'none'`,
      'referrer-policy': 'no-referrer',
    },
    body: `<!doctype html>
<html lang="${htmlLang(page.locale)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(page.title)}</title><style>${page.style}</style></head>
<body>
${page.content}
<script>${page.script}</script>
</body>
</html>
`,
  };
}
