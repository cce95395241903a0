/**
 * A minimal browser for HTTP tests: keeps cookies per origin-less jar, never follows redirects
 * (tests look at them), and speaks JSON or HTML forms as a real client would.
 */
import { request as undiciRequest } from 'undici';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
  location?: string;
}

export class TestBrowser {
  readonly cookies = new Map<string, string>();

  constructor(private readonly base: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async get(path: string, options: { json?: boolean; headers?: Record<string, string> } = {}): Promise<Answer> {
    return this.send('GET', path, undefined, options);
  }

  async postJson(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    return this.send('POST', path, JSON.stringify(body), { json: true, headers: { 'content-type': 'application/json', ...headers } });
  }

  async postForm(path: string, fields: Record<string, string>): Promise<Answer> {
    return this.send('POST', path, new URLSearchParams(fields).toString(), {
      json: false,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }

  async send(method: string, path: string, body: string | undefined, options: { json?: boolean; headers?: Record<string, string> } = {}): Promise<Answer> {
    const url = path.startsWith('http') ? path : `${this.base}${path}`;
    const headers: Record<string, string> = {
      accept: options.json === false ? 'text/html,application/xhtml+xml' : 'application/json',
      ...options.headers,
    };
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    const response = await undiciRequest(url, { method: method as 'GET', headers, body });
    const setCookie = response.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...value] = pair!.split('=');
      const expired = attributes.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value.join('=') === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join('='));
    }
    const text = await response.body.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    const location = response.headers.location;
    return { status: response.statusCode, headers: response.headers, body: parsed, location: typeof location === 'string' ? location : undefined };
  }
}

/** The masked CSRF token of a rendered flow. */
export function csrfOf(flow: { ui: { nodes: { attributes: { name?: string; value?: unknown } }[] } }): string {
  const node = flow.ui.nodes.find((n) => n.attributes.name === 'csrf_token');
  return String(node?.attributes.value ?? '');
}
