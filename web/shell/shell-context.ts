/** What every signed-in page may ask the shell: the selected organisation and the caller's others. */
import { createContext, useContext } from 'react';
import type { OrgSummary } from '../lib/api-types.js';

export interface ShellState {
  org: OrgSummary | null;
  orgs: readonly OrgSummary[];
  /** True until the caller's organisations are known (`org` is null meanwhile). */
  orgsPending: boolean;
}

export const ShellContext = createContext<ShellState>({ org: null, orgs: [], orgsPending: false });

export function useShell(): ShellState {
  return useContext(ShellContext);
}

/** An organisation's name for breadcrumbs: the caller's own list knows it, else a neutral word. */
export function useOrgName(orgId: string, fallback: string): string {
  const { orgs } = useShell();
  return orgs.find((org) => org.id === orgId)?.name ?? fallback;
}
