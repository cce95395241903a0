/** What the floor page's uploads accept, by extension and media type, as the API reads them. */
export const PLAN_FILE_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml', 'application/pdf', '.png', '.jpg', '.jpeg', '.svg', '.pdf'] as const;
export const TRACK_FILE_TYPES = ['.csv', '.json', '.esx', '.txt', '.log', 'text/csv', 'application/json', 'text/plain', 'application/zip'] as const;
export const PHOTO_FILE_TYPES = ['image/jpeg', 'image/png', '.jpg', '.jpeg', '.png'] as const;
