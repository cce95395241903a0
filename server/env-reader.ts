/**
 * Reading environment variables for the configuration: each reader returns a usable value or a
 * fallback and records what was wrong, so every bad variable is reported together, by name.
 */
export type Env = Record<string, string | undefined>;

export class EnvReader {
  readonly problems: string[] = [];

  constructor(private readonly env: Env) {}

  value(name: string): string | undefined {
    const raw = this.env[name]?.trim();
    return raw ? raw : undefined;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const raw = this.value(name);
    if (raw === undefined) return fallback;
    const parsed = Number(raw);
    if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
      this.problems.push(`${name}="${raw}": expected a whole number from ${min} to ${max}`);
      return fallback;
    }
    return parsed;
  }

  url(name: string, protocols: string[]): string | undefined {
    const raw = this.value(name);
    if (raw === undefined) return undefined;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) throw new Error('protocol');
      if (parsed.search || parsed.hash) throw new Error('query');
      return raw.replace(/\/+$/, '');
    } catch {
      this.problems.push(`${name}="${raw}": expected an absolute ${protocols.join(' or ')} URL without query or fragment`);
      return undefined;
    }
  }

  secret(name: string, minLength: number): string | undefined {
    const raw = this.value(name);
    if (raw !== undefined && raw.length < minLength) {
      this.problems.push(`${name}: expected at least ${minLength} characters (got ${raw.length})`);
      return undefined;
    }
    return raw;
  }

  /** `true` or `false`, else a problem and the fallback. */
  flag(name: string, fallback: boolean): boolean {
    const raw = this.value(name) ?? String(fallback);
    if (raw !== 'true' && raw !== 'false') {
      this.problems.push(`${name}="${raw}": expected true or false`);
      return fallback;
    }
    return raw === 'true';
  }

  /** A value that must match `pattern`; `expected` says what it should look like. */
  matching(name: string, fallback: string, pattern: RegExp, expected: string): string {
    const raw = this.value(name) ?? fallback;
    if (!pattern.test(raw)) this.problems.push(`${name}="${raw}": expected ${expected}`);
    return raw;
  }
}
