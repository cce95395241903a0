/**
 * A refusal of the permission service in the reader's language, with the service's own sentence
 * where it says what was wrong (a relation the model does not declare, an unknown namespace, one
 * of sitewave's own namespaces): those are about the relationship typed, and only it can say so.
 */
import type { ApiFailure } from '../../../lib/api-failure.js';
import type { Translate } from '../../../lib/translator.js';
import { failureText } from '../../../ui/form/failure-text.js';

const SAID_BY_THE_SERVICE = new Set([400, 403, 404, 409, 422]);

export function refusalText(t: Translate, failure: ApiFailure): string {
  if (failure.status !== undefined && SAID_BY_THE_SERVICE.has(failure.status) && failure.reason) return t('platformAdmin.relationships.refused', { reason: failure.reason });
  return failureText(t, failure, false);
}
