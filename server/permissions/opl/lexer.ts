/**
 * The tokens of the Ory Permission Language, a TypeScript subset. Token kinds are named as Keto
 * names them, because its error messages print them ("expected identifier, got EOF"). The
 * stream ends with an EOF token, or with an Error token at the first character nothing matches.
 */

export type Punctuation = '&&' | '||' | '!' | '=' | '=>' | '.' | ':' | ',' | ';' | '|' | '(' | ')' | '{' | '}' | '[' | ']' | '<' | '>';

export type TokenType = 'Error' | 'EOF' | 'Identifier' | 'StringLiteral' | 'KeywordClass' | 'KeywordImplements' | 'KeywordThis' | 'KeywordCtx' | Punctuation;

export interface Token {
  type: TokenType;
  /** The text; a string literal's without its quotes, an error's message. */
  value: string;
  /** UTF-16 offsets into the source: a string literal's span excludes its quotes, as Keto's does. */
  start: number;
  end: number;
}

const KEYWORDS = new Map<string, TokenType>([
  ['class', 'KeywordClass'],
  ['implements', 'KeywordImplements'],
  ['this', 'KeywordThis'],
  ['ctx', 'KeywordCtx'],
]);
const TWO_CHARACTERS = new Set<string>(['=>', '||', '&&']);
const ONE_CHARACTER = new Set<string>([':', '.', '(', ')', '[', ']', '{', '}', '<', '>', '=', ',', ';', '|', '!']);
const SPACE = /[\t\n\v\f\r ]/;
const IDENTIFIER_START = /[A-Za-z_]/;
const IDENTIFIER_PART = /[A-Za-z0-9_]/;

/** How Keto's messages print a token kind: punctuation quoted, the others by name. */
export function describeType(type: TokenType): string {
  return /^[A-Z]/.test(type) ? type : JSON.stringify(type);
}

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  const fail = (message: string, start: number, end: number) => tokens.push({ type: 'Error', value: message, start, end });
  for (;;) {
    while (at < source.length && SPACE.test(source[at]!)) at++;
    if (at >= source.length) {
      tokens.push({ type: 'EOF', value: '', start: at, end: at });
      return tokens;
    }
    const start = at;
    const two = source.slice(at, at + 2);
    if (TWO_CHARACTERS.has(two)) {
      at += 2;
      tokens.push({ type: two as Punctuation, value: two, start, end: at });
    } else if (two === '//') {
      // Comments are dropped here: the parser never sees them.
      const newline = source.indexOf('\n', at);
      at = newline < 0 ? source.length : newline;
    } else if (two === '/*') {
      const close = source.indexOf('*/', at + 2);
      if (close < 0) return (fail('unclosed comment', start, source.length), tokens);
      at = close + 2;
    } else if (ONE_CHARACTER.has(source[at]!)) {
      at++;
      tokens.push({ type: source[start] as Punctuation, value: source[start]!, start, end: at });
    } else if (source[at] === '"' || source[at] === "'") {
      const close = source.indexOf(source[at]!, at + 1);
      if (close < 0) return (fail('unclosed string literal', at + 1, source.length), tokens);
      tokens.push({ type: 'StringLiteral', value: source.slice(at + 1, close), start: at + 1, end: close });
      at = close + 1;
    } else if (IDENTIFIER_START.test(source[at]!)) {
      while (at < source.length && IDENTIFIER_PART.test(source[at]!)) at++;
      const word = source.slice(start, at);
      tokens.push({ type: KEYWORDS.get(word) ?? 'Identifier', value: word, start, end: at });
    } else {
      const character = String.fromCodePoint(source.codePointAt(at)!);
      return (fail(`unexpected token ${character}`, start, start), tokens);
    }
  }
}
