/**
 * The page that hands an authorization's response to the application as a POSTed form
 * (response_mode=form_post). The gateway's CSP forbids inline script, so the page sends its own
 * policy allowing exactly its one fixed script and style by hash; without script, or before it
 * runs, the form's button is there to press. The response travels only in the form's fields.
 */
import type { Locale } from '../../../shared/locales.js';
import { escapeHtml as escape, hashSource, htmlLang, pageTexts } from './own-pages.js';

const SCRIPT = 'document.forms[0].submit();';
const STYLE =
  ':root{color-scheme:light dark;font:16px/1.5 system-ui,sans-serif}' +
  'body{margin:0;min-height:100vh;display:grid;place-content:center;text-align:center;padding:1rem}' +
  'button{font:inherit;padding:.5rem 1.5rem}';
const SCRIPT_HASH = hashSource(SCRIPT);
const STYLE_HASH = hashSource(STYLE);

// No form-action: browsers apply it to the redirects that follow the POST as well, and where an
// application sends the browser after its callback is its own affair.
const POLICY = `default-src 'none'; script-src ${SCRIPT_HASH}; style-src ${STYLE_HASH}; frame-ancestors 'none'; base-uri 'none'`;

export async function formPostPage(action: string, fields: [string, string][], locale: Locale): Promise<{ headers: Record<string, string>; body: string }> {
  const texts = (await pageTexts(locale)).consent;
  const body = `<!doctype html>
<html lang="${htmlLang(locale)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(texts.returning)}</title><style>${STYLE}</style></head>
<body>
<form method="post" action="${escape(action)}">
${fields.map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`).join('\n')}
<p>${escape(texts.returning)}</p>
<button type="submit">${escape(texts.continue)}</button>
</form>
<script>${SCRIPT}</script>
</body>
</html>
`;
  return {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      // It carries a code: never kept, and the address it came from (a resume verifier) never passed on.
      'cache-control': 'no-store',
      'content-security-policy': POLICY,
      'referrer-policy': 'no-referrer',
    },
    body,
  };
}
