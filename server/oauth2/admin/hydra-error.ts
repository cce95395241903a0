/** Hydra's error body, `{error, error_description, status_code}`, for every refusal of the admin API. */
export class HydraError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
    /** Extra fields of the answer, e.g. `redirect_to` of an already handled request. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(description);
  }

  body(): Record<string, unknown> {
    return { error: this.error, error_description: this.description, status_code: this.status, ...this.extra };
  }
}

export const notFound = (what: string) => new HydraError(404, 'Not Found', what);
export const invalidRequest = (why: string) => new HydraError(400, 'invalid_request', why);
