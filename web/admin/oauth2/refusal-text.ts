/**
 * The API's refusals of an application or an issuer, in the reader's language. The API names the
 * field and says why in English; the rules themselves live in the API only, the screen translates
 * the sentences it knows and falls back to the generic one.
 */
import type { ApiFailure } from '../../lib/api-failure.js';
import type { Translate } from '../../lib/translator.js';

const KNOWN: readonly [fragment: string, key: string][] = [
  ['must be an absolute URL', 'oauth2Admin.refusals.uriNotAbsolute'],
  ['must not have a fragment', 'oauth2Admin.refusals.uriFragment'],
  ['must be an https URL', 'oauth2Admin.refusals.uriNotHttps'],
  ['needs at least one redirect URI', 'oauth2Admin.refusals.redirectNeeded'],
  ['refresh_token is only issued with authorization_code', 'oauth2Admin.refusals.refreshNeedsCode'],
  ['cannot use client_credentials or jwt-bearer', 'oauth2Admin.refusals.publicMachineGrant'],
  ['cannot become confidential', 'oauth2Admin.refusals.publicStaysPublic'],
  ['give a subject or set allowAnySubject', 'oauth2Admin.refusals.subjectOrAny'],
  ['must be a public key', 'oauth2Admin.refusals.privateKey'],
  ['must be in the future', 'oauth2Admin.refusals.expiresPast'],
];

/** The sentence for a refused field, or undefined when the API's reason is not one of the known ones. */
export function refusalText(t: Translate, failure: ApiFailure): string | undefined {
  const known = KNOWN.find(([fragment]) => failure.reason?.includes(fragment));
  return known ? t(known[1]) : undefined;
}
