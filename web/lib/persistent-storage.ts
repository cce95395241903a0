/**
 * Client state kept in localStorage under the single key `persistent-storage` (spec §3/§4):
 * the selected organisation, the projects tab, recently opened projects and the notifications
 * already seen. A tiny store with subscribe/getSnapshot so React reads it with
 * useSyncExternalStore.
 */
import { useSyncExternalStore } from 'react';

export const STORAGE_KEY = 'persistent-storage';
export const MAX_RECENT_PROJECTS = 10;
export const DEFAULT_PROJECT_TAB = 'MyProjects';

export interface RecentProject {
  id: string;
  [field: string]: unknown;
}

export interface PersistentState {
  currentOrganizationId: string | null;
  currentOrganizationName: string | null;
  projectTab: string;
  recentProjects: RecentProject[];
  seenNotificationIds: ReadonlySet<string>;
}

function defaults(): PersistentState {
  return {
    currentOrganizationId: null,
    currentOrganizationName: null,
    projectTab: DEFAULT_PROJECT_TAB,
    recentProjects: [],
    seenNotificationIds: new Set(),
  };
}

function load(): PersistentState {
  const state = defaults();
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (!raw) return state;
    const saved = JSON.parse(raw) as Record<string, unknown>;
    if (typeof saved.currentOrganizationId === 'string') state.currentOrganizationId = saved.currentOrganizationId;
    if (typeof saved.currentOrganizationName === 'string') state.currentOrganizationName = saved.currentOrganizationName;
    if (typeof saved.projectTab === 'string') state.projectTab = saved.projectTab;
    if (Array.isArray(saved.recentProjects)) {
      state.recentProjects = saved.recentProjects
        .filter((p): p is RecentProject => typeof p === 'object' && p !== null && typeof (p as RecentProject).id === 'string')
        .slice(0, MAX_RECENT_PROJECTS);
    }
    if (Array.isArray(saved.seenNotificationIds)) {
      state.seenNotificationIds = new Set(saved.seenNotificationIds.filter((id): id is string => typeof id === 'string'));
    }
  } catch {
    // A corrupt entry is replaced by the defaults on the next write.
  }
  return state;
}

let state: PersistentState = load();
const listeners = new Set<() => void>();

function commit(next: PersistentState): void {
  state = next;
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify({ ...next, seenNotificationIds: [...next.seenNotificationIds] }));
  } catch {
    // Storage full or disabled: the state still holds for this page.
  }
  for (const listener of listeners) listener();
}

export const persistentStorage = {
  get: (): PersistentState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  selectOrganization(id: string, name: string): void {
    commit({ ...state, currentOrganizationId: id, currentOrganizationName: name });
  },
  /** The stored organisation is gone (deleted, or the caller left it) and none is left to pick. */
  clearOrganization(): void {
    commit({ ...state, currentOrganizationId: null, currentOrganizationName: null });
  },
  setProjectTab(tab: string): void {
    commit({ ...state, projectTab: tab });
  },
  addRecentProject(project: RecentProject): void {
    const rest = state.recentProjects.filter((p) => p.id !== project.id);
    commit({ ...state, recentProjects: [project, ...rest].slice(0, MAX_RECENT_PROJECTS) });
  },
  removeRecentProject(id: string): void {
    commit({ ...state, recentProjects: state.recentProjects.filter((p) => p.id !== id) });
  },
  markNotificationsSeen(ids: readonly string[]): void {
    commit({ ...state, seenNotificationIds: new Set([...state.seenNotificationIds, ...ids]) });
  },
  reset(): void {
    commit(defaults());
  },
  /** Re-reads localStorage (another tab wrote it, or a test seeded it). */
  reload(): void {
    state = load();
    for (const listener of listeners) listener();
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY) persistentStorage.reload();
  });
}

export function usePersistentStorage(): PersistentState {
  return useSyncExternalStore(persistentStorage.subscribe, persistentStorage.get, persistentStorage.get);
}
