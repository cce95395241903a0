/**
 * Element ids for a node's control and its messages. A page may show the same flow's nodes in
 * several forms (one per method), so ids carry the form's own prefix.
 */
export function fieldId(formId: string, name: string, value?: unknown): string {
  const suffix = value === undefined || value === '' ? '' : `-${String(value)}`;
  return `${formId}-${name}${suffix}`.replace(/[^A-Za-z0-9_-]/g, '_');
}

export function messagesId(controlId: string): string {
  return `${controlId}-messages`;
}
