/**
 * Reads a response page of the provider (response_mode=form_post) the way a browser submits it:
 * the form's method and action and its hidden fields, entities decoded.
 */
export interface PostedForm {
  method: string;
  action: string;
  fields: Record<string, string>;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, code: string) => {
    if (code.startsWith('#x') || code.startsWith('#X')) return String.fromCodePoint(parseInt(code.slice(2), 16));
    if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)));
    return NAMED[code.toLowerCase()] ?? entity;
  });
}

function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [, name, value] of tag.matchAll(/([a-z-]+)="([^"]*)"/gi)) attributes[name!.toLowerCase()] = decode(value!);
  return attributes;
}

export function formOf(html: string): PostedForm {
  const forms = html.match(/<form\b[^>]*>/gi) ?? [];
  if (forms.length !== 1) throw new Error(`expected one form in the page, found ${forms.length}`);
  const form = attributesOf(forms[0]);
  const fields: Record<string, string> = {};
  for (const input of html.match(/<input\b[^>]*>/gi) ?? []) {
    const attributes = attributesOf(input);
    if (attributes.type === 'hidden' && attributes.name) fields[attributes.name] = attributes.value ?? '';
  }
  return { method: (form.method ?? 'get').toLowerCase(), action: form.action ?? '', fields };
}
