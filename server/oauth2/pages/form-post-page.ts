/**
 * The page that hands an authorization's response to the application as a POSTed form
 * (response_mode=form_post). The gateway's CSP forbids inline script, so the page sends its own
 * policy allowing exactly its one fixed script and style by hash; without script, or before it
 * runs, the form's button is there to press. The response travels only in the form's fields.
 */
import type { Locale } from '../../../shared/locales.js';
import { escapeHtml as escape, ownPage, pageTexts, type OwnPage } from './own-pages.js';

const SCRIPT = 'document.forms[0].submit();';
const STYLE =
  ':root{color-scheme:light dark;font:16px/1.5 system-ui,sans-serif}' +
  'body{margin:0;min-height:100vh;display:grid;place-content:center;text-align:center;padding:1rem}' +
  'button{font:inherit;padding:.5rem 1.5rem}';

// No form-action in its policy: browsers apply it to the redirects that follow the POST as well,
// and where an application sends the browser after its callback is its own affair.
export async function formPostPage(action: string, fields: [string, string][], locale: Locale): Promise<OwnPage> {
  const texts = (await pageTexts(locale)).consent;
  const content = `<form method="post" action="${escape(action)}">
${fields.map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`).join('\n')}
<p>${escape(texts.returning)}</p>
<button type="submit">${escape(texts.continue)}</button>
</form>`;
  return ownPage({ locale, title: texts.returning, style: STYLE, script: SCRIPT, content });
}
