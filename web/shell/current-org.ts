/**
 * The selected organisation. An organisation id in the address wins (a shared link opens where it
 * points) and becomes the stored choice; otherwise the stored `currentOrganizationId` is used.
 * A stored choice that is no longer among the caller's organisations is repaired to the first
 * one, or cleared when none is left.
 */
import { useEffect } from 'react';
import { persistentStorage, usePersistentStorage } from '../lib/persistent-storage.js';
import type { OrgSummary } from '../lib/api-types.js';
import { useMyOrganizations } from './org-queries.js';

export interface CurrentOrganization {
  /** Null while the list loads, and when the caller belongs to no organisation. */
  org: OrgSummary | null;
  orgs: readonly OrgSummary[];
  isPending: boolean;
  error: unknown;
}

export function resolveOrganization(orgs: readonly OrgSummary[], fromAddress: string | null, stored: string | null): OrgSummary | null {
  return orgs.find((o) => o.id === fromAddress) ?? orgs.find((o) => o.id === stored) ?? orgs[0] ?? null;
}

export function useCurrentOrganization(orgIdFromAddress: string | null = null): CurrentOrganization {
  const stored = usePersistentStorage();
  const query = useMyOrganizations();
  const orgs = query.data?.items ?? [];
  const org = query.data ? resolveOrganization(orgs, orgIdFromAddress, stored.currentOrganizationId) : null;

  useEffect(() => {
    if (!query.data) return;
    if (!org) {
      if (stored.currentOrganizationId !== null) persistentStorage.clearOrganization();
    } else if (org.id !== stored.currentOrganizationId || org.name !== stored.currentOrganizationName) {
      persistentStorage.selectOrganization(org.id, org.name);
    }
  }, [query.data, org, stored.currentOrganizationId, stored.currentOrganizationName]);

  return { org, orgs, isPending: query.isPending, error: query.error };
}
