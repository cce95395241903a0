/** How the signed-in person is named on screen: their name, else their e-mail or username. */
import type { Session } from '../../shared/identity-session.js';

export function displayName(session: Session): string {
  const traits = session.identity.traits as { email?: unknown; username?: unknown; name?: { first?: unknown; last?: unknown } };
  const name = [traits.name?.first, traits.name?.last].filter((part) => typeof part === 'string' && part).join(' ');
  if (name) return name;
  for (const value of [traits.email, traits.username]) if (typeof value === 'string' && value) return value;
  return session.identity.id;
}

/** Up to two letters for the avatar. */
export function initialsOf(name: string): string {
  const words = name
    .replace(/@.*/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  return (
    words
      .slice(0, 2)
      .map((word) => word[0]!.toUpperCase())
      .join('') || '?'
  );
}
