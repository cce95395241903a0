/**
 * The error card's reading of its input: `?error=` holds a message or a serialized error
 * object; `?id=` names an error stored by the identity service. Titles follow the code (spec §2).
 */
export interface ShownError {
  code?: number;
  reason?: string;
  message?: string;
  [field: string]: unknown;
}

export function parseErrorParam(raw: string | null): ShownError {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const object = parsed as Record<string, unknown>;
      const inner = object.error && typeof object.error === 'object' ? (object.error as Record<string, unknown>) : object;
      return { ...inner, code: typeof inner.code === 'number' ? inner.code : undefined };
    }
  } catch {
    // A plain message.
  }
  return { message: raw };
}

export function errorTitleKey(code: number | undefined): string {
  if (code === 404) return 'error.notFoundTitle';
  if (code === 500) return 'error.internalTitle';
  return 'error.genericTitle';
}

/** The reason shown to the user; nothing for server errors, whose reason is not for them. */
export function visibleReason(error: ShownError): string | undefined {
  if (error.code !== undefined && error.code >= 500) return undefined;
  return error.reason || error.message || undefined;
}
