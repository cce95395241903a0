/**
 * Makes the identity host's answers point at the gateway, as `ory proxy` does: URLs on the
 * upstream's own base become URLs under `<public origin>/.ory`, cookies lose the upstream's
 * Domain and get Secure exactly when the public origin is https.
 */
export class IdentityUrlRewriter {
  private readonly upstreamBase: string;
  private readonly publicBase: string;
  private readonly secure: boolean;

  constructor(upstreamUrl: string, publicOrigin: string) {
    this.upstreamBase = upstreamUrl.replace(/\/+$/, '');
    this.publicBase = `${publicOrigin}/.ory`;
    this.secure = publicOrigin.startsWith('https:');
  }

  url(value: string): string {
    if (value === this.upstreamBase) return this.publicBase;
    if (value.startsWith(this.upstreamBase) && /[/?#]/.test(value[this.upstreamBase.length] ?? '')) {
      return this.publicBase + value.slice(this.upstreamBase.length);
    }
    return value;
  }

  /** Every string in a JSON document that is an upstream URL (ui.action, redirect_browser_to, ...). */
  json(value: unknown): unknown {
    if (typeof value === 'string') return this.url(value);
    if (Array.isArray(value)) return value.map((item) => this.json(item));
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) out[key] = this.json(item);
      return out;
    }
    return value;
  }

  setCookie(header: string): string {
    const parts = header
      .split(';')
      .map((part) => part.trim())
      .filter((part) => part.length > 0);
    const [pair, ...attributes] = parts;
    const kept = attributes.filter((attribute) => {
      const name = attribute.split('=')[0]!.trim().toLowerCase();
      return name !== 'domain' && name !== 'secure';
    });
    if (this.secure) kept.push('Secure');
    else {
      // Without Secure a browser refuses SameSite=None; Lax is what a same-origin app needs.
      for (let i = 0; i < kept.length; i++) {
        if (/^samesite\s*=\s*none$/i.test(kept[i]!)) kept[i] = 'SameSite=Lax';
      }
    }
    return [pair, ...kept].join('; ');
  }
}
