/** The session, loaded once per page visit and shared by every screen that asks for it. */
import { useQuery } from '@tanstack/react-query';
import { isHttpError } from '../lib/http.js';
import { sessionKeys } from '../lib/query-keys.js';
import { fetchSession } from './session-api.js';

export function useSession(enabled = true) {
  return useQuery({
    queryKey: sessionKeys.current(),
    queryFn: ({ signal }) => fetchSession(signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    // A refusal will not change on its own; only transport failures and 5xx are worth retrying.
    retry: (count, error) => count < 3 && (!isHttpError(error) || !error.response || error.response.status >= 500),
  });
}
