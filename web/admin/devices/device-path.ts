/** Where one device's page is. */
export const devicePath = (orgId: string, deviceId: string) => `/admin/orgs/${encodeURIComponent(orgId)}/devices/${encodeURIComponent(deviceId)}`;
