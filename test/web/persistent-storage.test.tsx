/** The client's `persistent-storage` record (spec §3, §4). */
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PROJECT_TAB, persistentStorage, STORAGE_KEY } from '../../web/lib/persistent-storage.js';

beforeEach(() => {
  persistentStorage.reset();
});

describe('persistent storage', () => {
  it('keeps recent projects front-inserted, unique by id, at most 10', () => {
    for (let i = 1; i <= 12; i += 1) persistentStorage.addRecentProject({ id: `p${i}` });
    persistentStorage.addRecentProject({ id: 'p5', name: 'again' });
    const recent = persistentStorage.get().recentProjects;
    expect(recent).toHaveLength(10);
    expect(recent[0]).toEqual({ id: 'p5', name: 'again' });
    expect(recent.filter((p) => p.id === 'p5')).toHaveLength(1);
    persistentStorage.removeRecentProject('p5');
    expect(persistentStorage.get().recentProjects.some((p) => p.id === 'p5')).toBe(false);
  });

  it('stores the organisation, the tab and seen notifications under one key, and resets to defaults', () => {
    persistentStorage.selectOrganization('o1', 'Acme');
    persistentStorage.setProjectTab('AllProjects');
    persistentStorage.markNotificationsSeen(['n1', 'n2']);
    persistentStorage.markNotificationsSeen(['n2', 'n3']);
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY)!);
    expect(saved).toMatchObject({ currentOrganizationId: 'o1', currentOrganizationName: 'Acme', projectTab: 'AllProjects', seenNotificationIds: ['n1', 'n2', 'n3'] });
    persistentStorage.reload();
    expect([...persistentStorage.get().seenNotificationIds]).toEqual(['n1', 'n2', 'n3']);
    persistentStorage.reset();
    expect(persistentStorage.get()).toMatchObject({ currentOrganizationId: null, projectTab: DEFAULT_PROJECT_TAB, recentProjects: [] });
  });

  it('forgets an organisation that is gone but keeps the rest', () => {
    persistentStorage.selectOrganization('o1', 'Acme');
    persistentStorage.setProjectTab('AllProjects');
    persistentStorage.clearOrganization();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!)).toMatchObject({ currentOrganizationId: null, currentOrganizationName: null, projectTab: 'AllProjects' });
  });
});
