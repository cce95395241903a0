/**
 * Relationships as the service handles them: `namespace:object#relation@subject`, where the
 * subject is an id (`alice`) or a subject set (`Group:admins#members`, or `User:alice#` with an
 * empty relation, which is a different subject from the id `alice`).
 */

export interface SubjectSet {
  namespace: string;
  object: string;
  relation: string;
}

export type Subject = { id: string } | { set: SubjectSet };

export interface RelationTuple {
  namespace: string;
  object: string;
  relation: string;
  subject: Subject;
}

/** A filter: every field given must match; a subject must match whole. */
export interface RelationQuery {
  namespace?: string;
  object?: string;
  relation?: string;
  subject?: Subject;
}
