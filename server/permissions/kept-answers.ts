/**
 * Check and expand answers, kept until what they were worked out from changes: the relationships
 * (heard through the schema's change triggers, whichever handle or process wrote them:
 * until-next-write.ts) or the project's settings (namespaces, models, limits, strict mode — a new
 * revision is a new settings object). None is kept while the change notifications are not
 * heard (on PostgreSQL, a listening connection that stops hearing its own heartbeat).
 */
import type { UntilNextWrite } from '../db/until-next-write.js';
import type { PermissionSettings } from '../platform/project-settings.js';

export class KeptAnswers {
  private settings: PermissionSettings | undefined;

  constructor(
    private readonly answers: UntilNextWrite,
    private readonly current: () => PermissionSettings,
  ) {}

  /** `compute`'s answer under the settings of now, or the one kept since the last change. Callers must not change it. */
  get<V>(key: string, compute: (settings: PermissionSettings) => Promise<V>): Promise<V> {
    const settings = this.current();
    if (settings !== this.settings) {
      // Another revision: everything kept, and everything being worked out, is out of date.
      this.settings = settings;
      this.answers.written();
    }
    return this.answers.get(key, () => compute(settings));
  }
}
