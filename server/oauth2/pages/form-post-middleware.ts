/**
 * oidc-provider writes its form post page in three places (an authorization's response or error
 * with response_mode=form_post, and a logout it carries on to its confirmation) and offers no
 * hook for it; its inline script cannot run under the gateway's CSP, which leaves a blank page.
 * Once the provider has answered, this recognises that page by its fixed markup, reads back the
 * action and fields the provider escaped into it, and answers form-post-page.ts's page instead.
 */
import type Provider from 'oidc-provider';
import { formPostPage } from './form-post-page.js';
import { pageLocale } from './own-pages.js';

type Middleware = Parameters<Provider['use']>[0];

const LIBRARY_PAGE = '<title>Submitting Callback</title>';
const FORM = /<form method="post" action="([^"]*)">/;
const FIELD = /<input type="hidden" name="([^"]*)" value="([^"]*)"\/>/g;
/** The inverse of oidc-provider's htmlSafe. */
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescape = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!);

function libraryFormPost(html: string): { action: string; fields: [string, string][] } | undefined {
  if (!html.includes(LIBRARY_PAGE)) return undefined;
  const form = FORM.exec(html);
  if (!form) return undefined;
  const fields = [...html.matchAll(FIELD)].map(([, name, value]): [string, string] => [unescape(name!), unescape(value!)]);
  return { action: unescape(form[1]!), fields };
}

export const replaceFormPostPage: Middleware = async (ctx, next) => {
  await next();
  const body: unknown = ctx.body;
  // A markup the library changed is left as it is; the form post tests hold this reading to it.
  const form = typeof body === 'string' && ctx.response.is('html') ? libraryFormPost(body) : undefined;
  if (!form) return;
  const page = await formPostPage(form.action, form.fields, pageLocale(ctx.get('accept-language')));
  ctx.set(page.headers);
  ctx.body = page.body;
};
