/**
 * The string formats whose verdict differs between Kratos and ajv-formats. Kratos decides
 * `email` by length limits, a hostname domain and an RFC 5322 address parse: it accepts
 * `user@localhost` and quoted local parts, which ajv-formats rejects. Registration must accept
 * the same addresses Kratos accepts, so these replace ajv-formats' versions.
 */

export function isEmailAddress(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  if (Buffer.byteLength(value) > 254) return false;
  const at = value.lastIndexOf('@');
  if (at === -1) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (Buffer.byteLength(local) > 64) return false;
  return isHostname(domain) && isLocalPart(local);
}

/** RFC 1123 hostname: dot-separated labels of ASCII letters, digits and inner hyphens. */
export function isHostname(value: string): boolean {
  const host = value.endsWith('.') ? value.slice(0, -1) : value;
  if (host.length > 253 || host.startsWith('-')) return false;
  return host.split('.').every((label) => /^[A-Za-z0-9-]{1,63}$/.test(label) && !label.endsWith('-'));
}

/** A dot-atom or a quoted string; characters beyond ASCII count as atext (RFC 6532). */
function isLocalPart(local: string): boolean {
  if (local.startsWith('"')) return /^"(?:[!#-[\]-~\u0080-\u{10FFFF} \t]|\\[!-~ \t\u0080-\u{10FFFF}])+"$/u.test(local);
  return /^[!#-'*+\-/-9=?A-Z^-~\u0080-\u{10FFFF}]+(?:\.[!#-'*+\-/-9=?A-Z^-~\u0080-\u{10FFFF}]+)*$/u.test(local);
}

/**
 * International numbers only (a leading `+`), as Kratos parses without a default region.
 * Kratos also checks the number plan per country; this keeps to the E.164 shape, so numbers
 * that are well-formed but unassigned get through.
 */
export function isPhoneNumber(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  return /^\+[1-9][0-9]{6,14}$/.test(value.replace(/[\s().-]/g, ''));
}
