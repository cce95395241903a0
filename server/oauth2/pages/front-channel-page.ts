/**
 * The page that ends a logout when applications asked to be told in the browser (OpenID Connect
 * Front-Channel Logout 1.0): each application's logout address in a hidden frame, then on to
 * where the logout goes. The script is fixed, so the page's CSP allows exactly it by hash and
 * exactly those applications' origins as frames; without script the link still leads on.
 */
import type { Locale } from '../../../shared/locales.js';
import { escapeHtml as escape, ownPage, pageTexts, type OwnPage } from './own-pages.js';

// Leaves when every frame has loaded, or after three seconds: one slow application must not hold the person.
const SCRIPT =
  "var frames=document.querySelectorAll('iframe'),left=frames.length,next=document.getElementById('continue').href;" +
  'function done(){if(--left<=0)location.replace(next)}' +
  'frames.forEach(function(f){f.addEventListener("load",done)});setTimeout(function(){location.replace(next)},3000);';
const STYLE =
  ':root{color-scheme:light dark;font:16px/1.5 system-ui,sans-serif}' + 'body{margin:0;min-height:100vh;display:grid;place-content:center;text-align:center;padding:1rem}';

export async function frontChannelPage(location: string, frames: string[], locale: Locale): Promise<OwnPage> {
  const texts = (await pageTexts(locale)).logout;
  const content = `<p>${escape(texts.signingOut)}</p>
<p><a id="continue" href="${escape(location)}">${escape(texts.continue)}</a></p>
${frames.map((url) => `<iframe hidden title="" src="${escape(url)}"></iframe>`).join('\n')}`;
  const frameOrigins = [...new Set(frames.map((url) => new URL(url).origin))];
  return ownPage({ locale, title: texts.signingOut, style: STYLE, script: SCRIPT, content, frameOrigins });
}
