/**
 * Hydra's login and consent verifiers. The challenge names a pending request and is known to
 * whoever started it, so it cannot be what resumes the authorization: a decided request
 * resumes only with a fresh single-use secret, handed to the browser that answered (in the
 * `redirect_to` of the accept or reject). oidc-provider then also requires its resume cookie,
 * set in the browser that started the authorization; neither half alone finishes it.
 *
 * Only a hash is stored, bound to the request's id and kind, and it is spent by the first
 * attempt, whether that attempt then succeeds or not.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/database.js';

/** The query parameter each kind of decided request resumes with. */
export const VERIFIER_PARAMS = { login: 'login_verifier', consent: 'consent_verifier' } as const;

/** The request a verifier resumes: a login or a consent (interactions.ts's ChallengeKind). */
type DecidedKind = keyof typeof VERIFIER_PARAMS;

/** A verifier's kind; `return` is the browser's second pass after spending one (resume-gate.ts). */
type VerifierKind = DecidedKind | 'return';

const MODEL = 'ResumeVerifier';

const digest = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export class ResumeVerifiers {
  constructor(private readonly db: Queryable) {}

  /** A new verifier for the decided request `uid`, valid while the request is. */
  async issue(kind: VerifierKind, uid: string, ttlSeconds: number): Promise<string> {
    const verifier = randomBytes(32).toString('base64url');
    await this.db.query(
      `INSERT INTO models (model, id, payload, uid, expires_at) VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))
       ON CONFLICT (model, id) DO NOTHING`,
      [MODEL, digest(verifier), JSON.stringify({ kind }), uid, ttlSeconds],
    );
    return verifier;
  }

  /**
   * Spends a verifier presented for request `uid`; true only if it was issued for that request
   * and kind and not spent before. One statement, so two requests racing with it cannot both pass.
   */
  async spend(kind: VerifierKind, uid: string, verifier: string): Promise<boolean> {
    const spent = await this.db.query(`DELETE FROM models WHERE model = $1 AND id = $2 AND uid = $3 AND payload->>'kind' = $4 AND expires_at > now() RETURNING id`, [
      MODEL,
      digest(verifier),
      uid,
      kind,
    ]);
    return spent.rows.length === 1;
  }

  /** The one verifier a resume address carries (either kind, never both), spent for `uid`. */
  spendFrom(uid: string, query: URLSearchParams): Promise<boolean> {
    const carried = (Object.keys(VERIFIER_PARAMS) as DecidedKind[]).filter((kind) => query.has(VERIFIER_PARAMS[kind]));
    if (carried.length !== 1) return Promise.resolve(false);
    const kind = carried[0]!;
    return this.spend(kind, uid, query.get(VERIFIER_PARAMS[kind])!);
  }
}

/** Where a browser goes that tried to resume without a valid verifier: the account interface's error card. */
export function resumeRefusal(uiUrl: string): string {
  const url = new URL('/error', uiUrl);
  url.searchParams.set('error', 'access_denied');
  url.searchParams.set(
    'error_description',
    'This sign-in cannot be continued here: it must be finished in the browser that started it, with the address it was given. Start again from the application.',
  );
  return url.href;
}
