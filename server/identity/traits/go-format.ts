/**
 * Go's `fmt` renderings that end up inside Kratos' validation texts (`%v` of a float64, `%q`,
 * `%#v` of a decoded JSON value). Clients and tests compare those texts, so numbers and quoted
 * strings must come out the way Go prints them, not the way JavaScript does.
 */

/** `%v` of a float64: shortest digits, exponent form below 1e-4 and from 1e6 on (`1e+06`). */
export function goFloat(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? '+Inf' : '-Inf';
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const [mantissa = '', exponentText = '0'] = x.toExponential().split('e');
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 6) {
    const magnitude = Math.abs(exponent);
    return `${mantissa}e${exponent < 0 ? '-' : '+'}${magnitude < 10 ? `0${magnitude}` : magnitude}`;
  }
  return String(x);
}

/** `%q` of a string (strconv.Quote): printable characters kept, everything else escaped. */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    const named = NAMED_ESCAPES[ch];
    if (named !== undefined) out += named;
    else if (cp === 0x20 || (cp < 0x7f && cp > 0x20) || (cp > 0x7f && PRINTABLE.test(ch))) out += ch;
    else if (cp < 0x80) out += `\\x${hex(cp, 2)}`;
    else if (cp <= 0xffff) out += `\\u${hex(cp, 4)}`;
    else out += `\\U${hex(cp, 8)}`;
  }
  return `${out}"`;
}

/**
 * `%#v` of a value decoded from a schema: the schema compiler keeps numbers as json.Number (a
 * string type), so numbers print quoted too.
 */
export function goSyntax(value: unknown): string {
  if (value === null || value === undefined) return '<nil>';
  if (typeof value === 'string') return goQuote(value);
  if (typeof value === 'number') return goQuote(String(value));
  if (typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const NAMED_ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\x07': '\\a',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\v',
};

/** Go's unicode.IsPrint outside ASCII: letters, marks, numbers, punctuation, symbols. */
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;

function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, '0');
}
