/**
 * The sentence for a refused save when the screen has none of its own: it names what the reader
 * can do (check the marked field, reload, try again), never a status code.
 */
import type { ApiFailure } from '../../lib/api-failure.js';
import type { Translate } from '../../lib/translator.js';

export function failureText(t: Translate, failure: ApiFailure, fieldMarked: boolean): string {
  const { status } = failure;
  if (status === undefined) return t('admin.form.offline');
  if (status === 400 || status === 422) return fieldMarked ? t('admin.form.checkMarked') : t('admin.form.invalid');
  if (status === 403) return t('admin.form.forbidden');
  if (status === 404) return t('admin.form.gone');
  if (status === 409) return t('admin.form.conflict');
  if (status === 413) return t('admin.form.tooLarge');
  if (status === 429) return t('admin.form.tooMany');
  return t('admin.form.failed');
}
