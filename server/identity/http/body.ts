/**
 * Self-service submissions arrive as JSON or as HTML form posts. Form keys use dots for nesting
 * (`traits.name.first`), so both become the same nested object before a strategy reads them.
 */
import type { FastifyInstance } from 'fastify';

export type SubmittedBody = Record<string, unknown>;

export function registerFormParser(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    try {
      done(null, expandDottedKeys(Object.fromEntries(new URLSearchParams(body as string))));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}

/** `{"traits.email": "a"}` → `{traits: {email: "a"}}`; prototype keys are refused. */
export function expandDottedKeys(flat: Record<string, unknown>): SubmittedBody {
  const result: SubmittedBody = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split('.');
    let target: Record<string, unknown> = result;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      if (part === '__proto__' || part === 'constructor' || part === 'prototype') break;
      if (i === parts.length - 1) {
        target[part] = value;
      } else {
        const next = target[part];
        if (typeof next !== 'object' || next === null || Array.isArray(next)) target[part] = {};
        target = target[part] as Record<string, unknown>;
      }
    }
  }
  return result;
}

export function bodyOf(raw: unknown): SubmittedBody {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  // JSON bodies may use dotted keys too (some clients serialise forms that way).
  const hasDotted = Object.keys(raw).some((key) => key.includes('.'));
  return hasDotted ? expandDottedKeys(raw as Record<string, unknown>) : (raw as SubmittedBody);
}

export function stringField(body: SubmittedBody, name: string): string | undefined {
  const value = body[name];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

export function booleanField(body: SubmittedBody, name: string): boolean {
  const value = body[name];
  return value === true || value === 'true' || value === '1' || value === 'on';
}
