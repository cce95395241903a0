/**
 * The Ory Permission Language parser: classes that implement Namespace, their `related` types
 * and `permits` rules, into the model the engines read. It accepts what Keto accepts and says
 * what Keto says where it refuses, so a model moves between Ory Network and this service as it
 * is. That includes Keto's reading of `a || b && c` as `(a || b) && c` (operators bind left to
 * right, without precedence): the same model must give the same answers on both.
 *
 * Parsing stops at the first syntax error; the type checks run only on a model that parses, and
 * report every problem they find.
 */
import { asRewrite, type NamespaceModel, type RelationType, type Rewrite, type RewriteChild } from './ast.js';
import { describeType, tokenize, type Token, type TokenType } from './lexer.js';
import { parseError, type ParseError } from './parse-error.js';
import { allRelationTypesHaveRelation, currentNamespaceHasRelation, namespaceExists, namespaceHasRelation, type TypeCheck } from './type-check.js';

/** Nested parentheses and `!` in one rule, the rule itself counting as one; Keto's limit. */
export const EXPRESSION_NESTING_LIMIT = 10;

export interface ParsedModel {
  namespaces: NamespaceModel[];
  errors: ParseError[];
}

/** `builtIn`: namespaces that exist without the model (the product's own): it may name them, not declare them again. */
export function parseModel(source: string, builtIn: readonly NamespaceModel[] = []): ParsedModel {
  return new Parser(source, builtIn).parse();
}

/** What a step of the grammar expects: a word, any identifier or string (its text is stored), or any token. */
type Expected = string | { text: string } | { token: Token } | Optional;
class Optional {
  constructor(readonly sequence: string[]) {}
}
const optional = (...sequence: string[]) => new Optional(sequence);
const q = (text: string) => JSON.stringify(text);

class Parser {
  private readonly tokens: Token[];
  private at = 0;
  private readonly namespaces: NamespaceModel[] = [];
  private readonly errors: ParseError[] = [];
  private readonly checks: TypeCheck[] = [];
  private fatal = false;
  private current: NamespaceModel = { name: '', relations: [] };

  constructor(
    private readonly source: string,
    private readonly builtIn: readonly NamespaceModel[],
  ) {
    this.tokens = tokenize(source);
  }

  parse(): ParsedModel {
    while (!this.fatal) {
      const token = this.next();
      if (token.type === 'EOF') break;
      if (token.type === 'Error') this.fail(token, `fatal: ${token.value}`);
      // Anything else outside a class (imports, exports, types) is not the model's business.
      else if (token.type === 'KeywordClass') this.parseClass();
    }
    if (this.errors.length === 0) {
      const known = [...this.namespaces, ...this.builtIn];
      for (const check of this.checks) check(known, (token, message) => this.report(token, message));
    }
    return { namespaces: this.namespaces, errors: this.errors };
  }

  /** The stream ends with EOF or an error, which is returned again however often it is asked for. */
  private next(): Token {
    const token = this.tokens[Math.min(this.at, this.tokens.length - 1)]!;
    this.at++;
    return token;
  }

  private peek(): Token {
    return this.tokens[Math.min(this.at, this.tokens.length - 1)]!;
  }

  private report(token: Token, message: string): void {
    this.errors.push(parseError(this.source, message, token));
  }

  private fail(token: Token, message: string): void {
    this.report(token, message);
    this.fatal = true;
  }

  /** Each expected step in turn; the first that does not match is the (fatal) error. */
  private match(...sequence: Expected[]): boolean {
    if (this.fatal) return false;
    for (const expected of sequence) {
      if (expected instanceof Optional) {
        const [first, ...rest] = expected.sequence;
        if (first !== undefined && this.peek().value === first) {
          this.next();
          if (!this.match(...rest)) return false;
        }
      } else if (typeof expected === 'string') {
        const token = this.next();
        if (token.value !== expected) return (this.fail(token, `expected ${q(expected)}, got ${q(token.value)}`), false);
      } else if ('text' in expected) {
        const token = this.next();
        if (token.type !== 'Identifier' && token.type !== 'StringLiteral') return (this.fail(token, `expected identifier, got ${describeType(token.type)}`), false);
        expected.text = token.value;
      } else {
        expected.token = this.next();
      }
    }
    return true;
  }

  /** `.name` or `["name"]`. */
  private matchProperty(property: { text: string } | { token: Token }): boolean {
    if (this.peek().type === '[') return this.match('[', property, ']');
    return this.match('.', property);
  }

  private parseClass(): void {
    const name = { text: '' };
    const nameToken = this.peek();
    this.match(name, 'implements', 'Namespace', '{');
    if (!this.fatal && this.builtIn.some((n) => n.name === name.text)) this.report(nameToken, `namespace ${q(name.text)} is built in and cannot be declared again`);
    this.current = { name: name.text, relations: [] };
    while (!this.fatal) {
      const token = this.next();
      if (token.type === '}') return void this.namespaces.push(this.current);
      if (token.value === 'related') this.parseRelated();
      else if (token.value === 'permits') this.parsePermits();
      else if (token.type !== ';') this.fail(token, `expected 'permits' or 'related', got ${q(token.value)}`);
    }
  }

  private parseRelated(): void {
    this.match(':', '{');
    while (!this.fatal) {
      const token = this.next();
      if (token.type === ';') continue;
      if (token.type === '}') return;
      if (token.type !== 'Identifier' && token.type !== 'StringLiteral') {
        return this.fail(token, `expected identifier or '}', got ${describeType(token.type)} ${q(token.value)}`);
      }
      this.match(':');
      const types: RelationType[] = [];
      const first = this.next();
      if (first.value === 'Array') {
        this.match('<');
        types.push(...this.parseTypeUnion('>'));
      } else if (first.value === 'SubjectSet') {
        types.push(this.matchSubjectSet());
        this.match('[', ']', optional(','));
      } else if (first.type === '(') {
        types.push(...this.parseTypeUnion(')'));
        this.match('[', ']', optional(','));
      } else {
        types.push({ namespace: first.value, relation: '' });
        this.checks.push(namespaceExists(first));
        this.match('[', ']', optional(','));
      }
      this.current.relations.push({ name: token.value, types });
    }
  }

  /** `<Group, "members">`, after `SubjectSet`. */
  private matchSubjectSet(): RelationType {
    const namespace = { token: this.peek() };
    const relation = { token: this.peek() };
    this.match('<', namespace, ',', relation, '>');
    this.checks.push(namespaceHasRelation(namespace.token, relation.token));
    return { namespace: namespace.token.value, relation: relation.token.value };
  }

  private parseTypeUnion(end: TokenType): RelationType[] {
    const types: RelationType[] = [];
    while (!this.fatal) {
      const type = { token: this.peek() };
      this.match(type);
      if (type.token.value === 'SubjectSet') types.push(this.matchSubjectSet());
      else {
        types.push({ namespace: type.token.value, relation: '' });
        this.checks.push(namespaceExists(type.token));
      }
      const separator = this.next();
      if (separator.type === end) break;
      if (separator.type !== '|') this.fail(separator, `expected '|', got ${q(separator.value)}`);
    }
    return types;
  }

  private parsePermits(): void {
    this.match('=', '{');
    while (!this.fatal) {
      const token = this.next();
      if (token.type === '}') return;
      if (token.type !== 'Identifier' && token.type !== 'StringLiteral') {
        return this.fail(token, `expected identifier or '}', got ${describeType(token.type)} ${q(token.value)}`);
      }
      this.match(':', '(', 'ctx', optional(':', 'Context'), ')', optional(':', 'boolean'), '=>');
      const rewrite = this.parseExpressions(',', EXPRESSION_NESTING_LIMIT);
      // Without a rule (`=> ,`, or an operator first) Keto leaves the block here, and so the class
      // goes on at the token after it, which is what then gets reported.
      if (!rewrite) return;
      this.current.relations.push({ name: token.value, types: [], rewrite: simplify(rewrite) });
    }
  }

  private tooDeep(): undefined {
    this.fail(this.peek(), `expression nested too deeply; maximal nesting depth is ${EXPRESSION_NESTING_LIMIT}`);
    return undefined;
  }

  /**
   * Operands joined by `&&` and `||`, up to `end` (consumed) or the `}` closing the block (left
   * for the block). Each operator makes the expression so far its first operand.
   */
  private parseExpressions(end: TokenType, depth: number): Rewrite | undefined {
    if (depth <= 0) return this.tooDeep();
    let root: Rewrite | undefined;
    let expectOperand = true;
    while (!this.fatal) {
      const token = this.peek();
      if (token.type === '(') {
        this.next();
        const group = this.parseExpressions(')', depth - 1);
        if (!group) return undefined;
        root = addOperand(root, group);
        expectOperand = false;
      } else if (token.type === end) {
        this.next();
        return root;
      } else if (token.type === '}') {
        return root;
      } else if (token.type === '&&' || token.type === '||') {
        this.next();
        if (!root) return undefined;
        root = { kind: 'rewrite', operator: token.type === '&&' ? 'and' : 'or', children: [root] };
        expectOperand = true;
      } else if (token.type === '!') {
        this.next();
        const inverted = this.parseNot(depth - 1);
        if (!inverted) return undefined;
        root = addOperand(root, inverted);
        expectOperand = false;
      } else {
        if (!expectOperand) return (this.fail(token, 'did not expect another expression'), undefined);
        const operand = this.parseOperand();
        if (!operand) return undefined;
        root = addOperand(root, operand);
        // Keto leaves this set, so two operands in a row read as `||`; kept, for the same answers.
        expectOperand = true;
      }
    }
    return undefined;
  }

  private parseNot(depth: number): RewriteChild | undefined {
    if (depth <= 0) return this.tooDeep();
    let child: RewriteChild | undefined;
    if (this.peek().type === '(') {
      this.next();
      child = this.parseExpressions(')', depth - 1);
    } else {
      child = this.parseOperand();
    }
    return child && { kind: 'not', child };
  }

  /** `this.related.x.includes(ctx.subject)`, `this.related.x.traverse(…)` or `this.permits.x(ctx)`. */
  private parseOperand(): RewriteChild | undefined {
    const verb = { token: this.peek() };
    const name = { token: this.peek() };
    if (!this.match('this', '.', verb) || !this.matchProperty(name)) return undefined;
    if (verb.token.value === 'related') {
      if (!this.match('.')) return undefined;
      const method = this.next();
      if (method.value === 'traverse') return this.parseTraverse(name.token);
      if (method.value === 'includes') {
        if (!this.match('(', 'ctx', '.', 'subject', ')')) return undefined;
        this.checks.push(currentNamespaceHasRelation(this.current.name, name.token));
        return { kind: 'computed', relation: name.token.value };
      }
      return (this.fail(method, `expected 'traverse' or 'includes', got ${q(method.value)}`), undefined);
    }
    if (verb.token.value === 'permits') {
      if (!this.match('(', 'ctx', ')')) return undefined;
      this.checks.push(currentNamespaceHasRelation(this.current.name, name.token));
      return { kind: 'computed', relation: name.token.value };
    }
    return (this.fail(verb.token, `expected 'related' or 'permits', got ${q(verb.token.value)}`), undefined);
  }

  /** `((p) => p.related.x.includes(ctx.subject))` or `(p => p.permits.x(ctx))`, after `traverse`. */
  private parseTraverse(relation: Token): RewriteChild | undefined {
    if (!this.match('(')) return undefined;
    const parameter = { token: this.peek() };
    if (this.peek().type === '(' ? !this.match('(', parameter, ')') : !this.match(parameter)) return undefined;
    const verb = { token: this.peek() };
    if (!this.match('=>', parameter.token.value, '.', verb)) return undefined;
    const computed = { text: '' };
    if (verb.token.value === 'related') {
      if (!this.matchProperty(computed)) return undefined;
      this.match('.', 'includes', '(', 'ctx', '.', 'subject', optional(','), ')', optional(','), ')');
    } else if (verb.token.value === 'permits') {
      if (!this.matchProperty(computed)) return undefined;
      this.match('(', 'ctx', ')', ')');
    } else {
      return (this.fail(verb.token, `expected 'related' or 'permits', got ${q(verb.token.value)}`), undefined);
    }
    this.checks.push(allRelationTypesHaveRelation(this.current.name, relation, computed.text));
    this.checks.push(currentNamespaceHasRelation(this.current.name, relation));
    return { kind: 'traverse', relation: relation.value, computedRelation: computed.text };
  }
}

function addOperand(root: Rewrite | undefined, operand: RewriteChild): Rewrite {
  if (!root) return asRewrite(operand);
  root.children.push(operand);
  return root;
}

/** `(a || b) || c` as one `or` of three, and a group of one as its member, as Keto stores rules. */
function simplify(root: Rewrite): Rewrite {
  const children: RewriteChild[] = [];
  for (const child of root.children) {
    if (child.kind === 'rewrite') {
      simplify(child);
      if (child.children.length === 1 || child.operator === root.operator) children.push(...child.children);
      else children.push(child);
    } else {
      if (child.kind === 'not' && child.child.kind === 'rewrite') simplify(child.child);
      children.push(child);
    }
  }
  root.children = children;
  return root;
}
