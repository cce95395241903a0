/** Where one user's page is. */
export const userPath = (userId: string) => `/admin/users/${encodeURIComponent(userId)}`;
