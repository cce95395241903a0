/**
 * Whether a client takes gzip (RFC 9110 §12.5.3): named, or by `*`, with a weight above zero.
 * Every browser sends `gzip`; scripts and load generators often send nothing, and get identity.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let star = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    const weighted = q === undefined || Number(q.slice(2)) > 0;
    if (name === 'gzip' || name === 'x-gzip') return weighted;
    if (name === '*') star = weighted;
  }
  return star;
}
