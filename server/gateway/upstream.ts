/**
 * An HTTP upstream (identity host, API host) reached through one keep-alive undici pool.
 * Transport failures become the gateway's answers: refused or reset → 502, no answer in
 * time → 504, and an upstream that is not configured at all → 502 naming the variable to set.
 */
import { Pool, type Dispatcher } from 'undici';
import { HttpError } from './http-error.js';

export interface UpstreamOptions {
  /** Shown in errors and metrics: "identity", "api". */
  name: string;
  /** Absolute base URL; `undefined` when the operator has not configured this upstream. */
  url: string | undefined;
  /** The environment variable that configures it, for the error an operator sees. */
  variable: string;
  timeoutMs: number;
  connections?: number;
}

export type UpstreamRequest = Omit<Dispatcher.RequestOptions, 'origin'>;

export class Upstream {
  readonly name: string;
  readonly url: string | undefined;
  /** Path prefix of the base URL ('' or '/base'), prepended to every request path. */
  readonly basePath: string;
  /** UPSTREAM_TIMEOUT: the longest anything waits for this upstream. */
  readonly timeoutMs: number;
  private readonly pool: Pool | undefined;
  private readonly variable: string;

  constructor(options: UpstreamOptions) {
    this.name = options.name;
    this.url = options.url;
    this.variable = options.variable;
    this.timeoutMs = options.timeoutMs;
    if (options.url) {
      const base = new URL(options.url);
      this.basePath = base.pathname.replace(/\/+$/, '');
      this.pool = new Pool(base.origin, {
        connections: options.connections ?? 128,
        pipelining: 1,
        keepAliveTimeout: 30_000,
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
        connectTimeout: Math.min(options.timeoutMs, 10_000),
      });
    } else {
      this.basePath = '';
    }
  }

  async request(options: UpstreamRequest): Promise<Dispatcher.ResponseData> {
    if (!this.pool) throw this.missing();
    try {
      return await this.pool.request({ ...options, path: this.basePath + options.path });
    } catch (error) {
      throw this.translate(error);
    }
  }

  /** Streams the answer into the writable `factory` returns once the status and headers arrive. */
  async stream(options: UpstreamRequest, factory: Dispatcher.StreamFactory): Promise<void> {
    if (!this.pool) throw this.missing();
    try {
      // The options are built per request by the caller: prefixing in place spares a copy.
      if (this.basePath) options.path = this.basePath + options.path;
      await this.pool.stream(options, factory);
    } catch (error) {
      throw this.translate(error);
    }
  }

  /** Turns a transport error into the answer the client gets; passes HttpErrors through. */
  translate(error: unknown): HttpError {
    if (error instanceof HttpError) return error;
    if (isTimeout(error)) {
      return new HttpError(504, `The ${this.name} service did not answer in time`);
    }
    return new HttpError(502, `The ${this.name} service could not be reached`);
  }

  missing(): HttpError {
    return new HttpError(502, `No ${this.name} service is configured: set ${this.variable}`);
  }

  async close(): Promise<void> {
    await this.pool?.close();
  }
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'FST_REPLY_FROM_GATEWAY_TIMEOUT', 'ETIMEDOUT']);

/** Whether a transport error means "no answer in time" (504) rather than "unreachable" (502). */
export function isTimeout(error: unknown): boolean {
  let current = error as { code?: string; cause?: unknown } | undefined;
  while (current) {
    if (current.code && TIMEOUT_CODES.has(current.code)) return true;
    current = current.cause as typeof current;
  }
  return false;
}
