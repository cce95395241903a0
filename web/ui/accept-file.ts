/** Whether a file fits an accept list of MIME types (`image/png`), families (`image/*`) or extensions (`.pdf`). */
export function acceptsFile(file: { name: string; type: string }, accept: readonly string[] | undefined): boolean {
  if (!accept?.length) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept.some((entry) => {
    const rule = entry.trim().toLowerCase();
    if (rule.startsWith('.')) return name.endsWith(rule);
    if (rule.endsWith('/*')) return type.startsWith(rule.slice(0, -1));
    return type === rule;
  });
}

/**
 * While a file is dragged only its type may be known: refuse it early when the list names exact
 * types only and this is none of them; extensions and families are checked on drop.
 */
export function mayAcceptDrag(hasType: (type: string) => boolean, accept: readonly string[] | undefined): boolean {
  if (!accept?.length) return true;
  return accept.some((entry) => {
    const rule = entry.trim().toLowerCase();
    return rule.startsWith('.') || rule.endsWith('/*') || hasType(rule);
  });
}
