import type { ErrorEnvelope } from '../../shared/error-envelope.js';

/** An error that already knows the status and user-facing reason it should be answered with. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly reason: string,
    readonly details?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
    /** An upstream's own envelope to pass on unchanged (e.g. the identity host's 403). */
    readonly envelope?: ErrorEnvelope,
  ) {
    super(reason);
  }

  static fromEnvelope(statusCode: number, envelope: ErrorEnvelope): HttpError {
    return new HttpError(statusCode, envelope.error.reason, undefined, undefined, envelope);
  }
}
