/** What the floor page's uploads accept, by extension and media type, as the API reads them. */
export const PLAN_FILE_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml', 'application/pdf', '.png', '.jpg', '.jpeg', '.svg', '.pdf'] as const;
export const TRACK_FILE_TYPES = ['.csv', '.json', 'text/csv', 'application/json'] as const;
