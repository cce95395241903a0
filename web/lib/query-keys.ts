/**
 * One key factory per resource, so invalidation goes by prefix (`sessionKeys.all`) and no
 * screen writes a key by hand.
 */
export const sessionKeys = {
  all: ['session'] as const,
  current: () => [...sessionKeys.all, 'current'] as const,
};

export const consentKeys = {
  all: ['consent'] as const,
  detail: (challenge: string) => [...consentKeys.all, challenge] as const,
};

export const configKeys = {
  all: ['client-config'] as const,
};

export const userSettingsKeys = {
  all: ['user-settings'] as const,
  current: () => [...userSettingsKeys.all, 'current'] as const,
};

export const identityErrorKeys = {
  all: ['identity-error'] as const,
  detail: (id: string) => [...identityErrorKeys.all, id] as const,
};
