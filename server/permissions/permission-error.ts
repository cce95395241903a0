/** A refusal of the permission service, in Keto's error envelope (which is Ory's, as every service here answers). */
import { errorEnvelope, type ErrorEnvelope } from '../../shared/error-envelope.js';

export class PermissionError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    /** Keto's own sentence where it has one, instead of the status's generic one. */
    private readonly headline?: string,
  ) {
    super(reason);
  }

  body(): ErrorEnvelope {
    const body = errorEnvelope(this.status, this.reason);
    if (this.headline) body.error.message = this.headline;
    return body;
  }
}

/** Keto's answer for a namespace the settings do not declare. */
export function unknownNamespace(name: string): PermissionError {
  return new PermissionError(404, `Unknown namespace with name ${JSON.stringify(name)}.`);
}
