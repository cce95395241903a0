/**
 * Which organisation (and project) owns a resource named only by its id: the survey resources
 * by their project, devices by their organisation. The route policy's `resource` scope and the
 * gateway's `GET /api/scopes/{kind}/{id}` both ask here.
 */
import { Type, type Static } from 'typebox';
import type { Queryable } from '../../db/database.js';
import { isSurveyResourceKind, resolveSurveyScope } from '../survey/scopes.js';
import { UUID } from '../../../shared/uuid.js';

/** The answer of the scope route, and the type resolvers return, derived from it. */
export const OwnerScopeSchema = Type.Object({ orgId: Type.String(), projectId: Type.Optional(Type.String()) });
export type OwnerScope = Static<typeof OwnerScopeSchema>;

export type ScopeResolver = (db: Queryable, id: string) => Promise<OwnerScope | undefined>;

export class ScopeResolvers {
  private readonly byKind = new Map<string, ScopeResolver>();

  /** A capability that owns a kind of resource (devices) says how to find its organisation. */
  register(kind: string, resolver: ScopeResolver): void {
    this.byKind.set(kind, resolver);
  }

  /** Undefined for an unknown kind or id, including one that is not a UUID. */
  async resolve(db: Queryable, kind: string, id: string): Promise<OwnerScope | undefined> {
    if (!UUID.test(id)) return undefined;
    const own = this.byKind.get(kind);
    if (own) return own(db, id.toLowerCase());
    if (isSurveyResourceKind(kind)) return resolveSurveyScope(db, kind, id.toLowerCase());
    return undefined;
  }
}
