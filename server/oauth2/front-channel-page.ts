/**
 * The page that ends a logout when applications asked to be told in the browser (OpenID Connect
 * Front-Channel Logout 1.0): each application's logout address in a hidden frame, then on to
 * where the logout goes. The script is fixed, so the page's CSP allows exactly it by hash and
 * exactly those applications' origins as frames; without script the link still leads on.
 */
import { createHash } from 'node:crypto';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../shared/locales.js';

// Leaves when every frame has loaded, or after three seconds: one slow application must not hold the person.
const SCRIPT =
  "var frames=document.querySelectorAll('iframe'),left=frames.length,next=document.getElementById('continue').href;" +
  'function done(){if(--left<=0)location.replace(next)}' +
  'frames.forEach(function(f){f.addEventListener("load",done)});setTimeout(function(){location.replace(next)},3000);';
const STYLE =
  ':root{color-scheme:light dark;font:16px/1.5 system-ui,sans-serif}' + 'body{margin:0;min-height:100vh;display:grid;place-content:center;text-align:center;padding:1rem}';
const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const SCRIPT_HASH = hashOf(SCRIPT);
const STYLE_HASH = hashOf(STYLE);

interface PageTexts {
  signingOut: string;
  continue: string;
}

// One literal import per locale, so the compiler copies each catalogue beside the built server.
const CATALOGUES: Record<Locale, () => Promise<{ default: { logout: PageTexts } }>> = {
  en: () => import('../../locales/session/en.json', { with: { type: 'json' } }),
  es: () => import('../../locales/session/es.json', { with: { type: 'json' } }),
  de: () => import('../../locales/session/de.json', { with: { type: 'json' } }),
  fr: () => import('../../locales/session/fr.json', { with: { type: 'json' } }),
  nl: () => import('../../locales/session/nl.json', { with: { type: 'json' } }),
  se: () => import('../../locales/session/se.json', { with: { type: 'json' } }),
  pt: () => import('../../locales/session/pt.json', { with: { type: 'json' } }),
  pl: () => import('../../locales/session/pl.json', { with: { type: 'json' } }),
};

/** The first language of Accept-Language the product speaks (Swedish is `sv` there, `se` here). */
export function pageLocale(acceptLanguage: string | undefined): Locale {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const primary = part.split(';')[0]!.trim().split('-')[0]!.toLowerCase();
    const locale = primary === 'sv' ? 'se' : primary;
    if ((LOCALES as readonly string[]).includes(locale)) return locale as Locale;
  }
  return DEFAULT_LOCALE;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function frontChannelPage(location: string, frames: string[], locale: Locale): Promise<{ headers: Record<string, string>; body: string }> {
  const texts = (await CATALOGUES[locale]()).default.logout;
  const origins = [...new Set(frames.map((url) => new URL(url).origin))];
  const body = `<!doctype html>
<html lang="${locale === 'se' ? 'sv' : locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(texts.signingOut)}</title><style>${STYLE}</style></head>
<body>
<p>${escape(texts.signingOut)}</p>
<p><a id="continue" href="${escape(location)}">${escape(texts.continue)}</a></p>
${frames.map((url) => `<iframe hidden title="" src="${escape(url)}"></iframe>`).join('\n')}
<script>${SCRIPT}</script>
</body>
</html>
`;
  return {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': `default-src 'none'; script-src ${SCRIPT_HASH}; style-src ${STYLE_HASH}; frame-src ${origins.join(' ')}; frame-ancestors 'none'; base-uri 'none'`,
      'referrer-policy': 'no-referrer',
    },
    body,
  };
}
