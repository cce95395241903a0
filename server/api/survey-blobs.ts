/** The blob store as the survey capability asks for it (a put that answers nothing). */
import type { BlobStore } from '../storage/blob-store.js';
import type { SurveyBlobs } from './survey/context.js';

export function surveyBlobs(store: BlobStore): SurveyBlobs {
  return {
    put: async (key, data, contentType) => void (await store.put(key, data, contentType)),
    get: (key) => store.get(key),
    delete: (key) => store.delete(key),
  };
}
