/** Where the identity platform's administration screens are. */
export const PLATFORM_PATH = '/admin/platform';
export const HISTORY_PATH = `${PLATFORM_PATH}/history`;
export const API_KEYS_PATH = `${PLATFORM_PATH}/api-keys`;
export const MEMBERS_PATH = `${PLATFORM_PATH}/members`;
export const PERMISSIONS_PATH = `${PLATFORM_PATH}/permissions`;

export type PlatformTab = 'settings' | 'permissions' | 'history' | 'api-keys' | 'members';

export const TAB_PATHS: Record<PlatformTab, string> = {
  settings: PLATFORM_PATH,
  permissions: PERMISSIONS_PATH,
  history: HISTORY_PATH,
  'api-keys': API_KEYS_PATH,
  members: MEMBERS_PATH,
};
