/**
 * The share page's chunk names some fifty files to fetch beside it (viewer, statistics, data
 * cache); that list lives here, a small file of its own, instead of in the entry every page
 * downloads. The step costs no time: the page's texts are fetched alongside its files here
 * rather than after them.
 */
import { loadAppTexts } from '../lib/app-texts.js';

export async function loadSharePage() {
  const [{ SharePage }] = await Promise.all([import('./SharePage.js'), loadAppTexts()]);
  return SharePage;
}
