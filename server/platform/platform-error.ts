/** A refusal of the platform service, answered in the identity wire envelope. */
import { errorEnvelope, type ErrorEnvelope } from '../../shared/error-envelope.js';

export class PlatformError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
  ) {
    super(reason);
  }

  body(): ErrorEnvelope {
    return errorEnvelope(this.status, this.reason);
  }
}
