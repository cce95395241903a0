/**
 * "The session may have changed" (signed in, stepped up, signed out). The sign-in pages raise it
 * without depending on the data cache, which is not part of their first load; the cache, once
 * created, listens and forgets the session it holds.
 */
const listeners = new Set<() => void>();

export function onSessionChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifySessionChanged(): void {
  for (const listener of listeners) listener();
}
