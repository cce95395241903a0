/**
 * The checks a model gets once it parses: every namespace and relation it names is declared.
 * They are collected while parsing, because a class may name one declared further down, and run
 * only when parsing succeeded; each failure is reported at the token that named the missing thing.
 */
import type { NamespaceModel, RelationModel } from './ast.js';
import type { Token } from './lexer.js';

export type TypeCheck = (namespaces: readonly NamespaceModel[], report: (token: Token, message: string) => void) => void;

/** How far `traverse` follows `SubjectSet<…>` types to find the relation it reaches, as Keto does. */
const SUBJECT_SET_TYPE_DEPTH = 10;

const quote = (text: string) => JSON.stringify(text);

function findRelation(namespaces: readonly NamespaceModel[], namespace: string, relation: string): RelationModel | undefined {
  return namespaces.find((n) => n.name === namespace)?.relations.find((r) => r.name === relation);
}

/** `viewers: User[]`: User is a class. */
export function namespaceExists(namespace: Token): TypeCheck {
  return (namespaces, report) => {
    if (!namespaces.some((n) => n.name === namespace.value)) report(namespace, `namespace ${quote(namespace.value)} was not declared`);
  };
}

/** `SubjectSet<Group, "members">`: Group is a class with a relation `members`. */
export function namespaceHasRelation(namespace: Token, relation: Token): TypeCheck {
  return (namespaces, report) => {
    const found = namespaces.find((n) => n.name === namespace.value);
    if (!found) report(namespace, `namespace ${quote(namespace.value)} was not declared`);
    else if (!found.relations.some((r) => r.name === relation.value)) {
      report(relation, `namespace ${quote(namespace.value)} did not declare relation ${quote(relation.value)}`);
    }
  };
}

/** `this.related.x` and `this.permits.x(ctx)`: the class declares x. */
export function currentNamespaceHasRelation(current: string, relation: Token): TypeCheck {
  return (namespaces, report) => {
    const found = namespaces.find((n) => n.name === current);
    if (!found) report(relation, `namespace ${quote(current)} was not declared`);
    else if (!found.relations.some((r) => r.name === relation.value)) {
      report(relation, `namespace ${quote(current)} did not declare relation ${quote(relation.value)}`);
    }
  };
}

/** `this.related.parents.traverse((p) => p.permits.view(ctx))`: every type `parents` may hold declares `view`. */
export function allRelationTypesHaveRelation(current: string, traversed: Token, relation: string): TypeCheck {
  return (namespaces, report) => {
    const visit = (namespace: string, through: string, depth: number): void => {
      if (depth < 0) return report(traversed, 'could not typecheck deeply nested SubjectSet further');
      const declared = findRelation(namespaces, namespace, through);
      if (!declared) return report(traversed, `relation ${quote(through)} was not declared in namespace ${quote(namespace)}`);
      for (const type of declared.types) {
        if (type.relation !== '') visit(type.namespace, type.relation, depth - 1);
        else if (!findRelation(namespaces, type.namespace, relation)) {
          report(traversed, `relation ${quote(relation)} was not declared in namespace ${quote(type.namespace)}`);
        }
      }
    };
    visit(current, traversed.value, SUBJECT_SET_TYPE_DEPTH);
  };
}
