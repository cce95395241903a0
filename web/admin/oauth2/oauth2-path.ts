/** Where the OAuth2 administration's screens are. */
export const OAUTH2_PATH = '/admin/oauth2';
export const ISSUERS_PATH = `${OAUTH2_PATH}/issuers`;
export const applicationPath = (clientId: string) => `${OAUTH2_PATH}/applications/${encodeURIComponent(clientId)}`;
