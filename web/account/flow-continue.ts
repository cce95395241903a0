/**
 * After a successful submission: follow the service's `continue_with` instructions, show the
 * flow it answered, or move on to where the flow was going.
 */
import type { ContinueWith, FlowByKind, FlowKind } from '../../shared/identity-flow.js';
import { appHome, goTo } from '../lib/navigate.js';
import type { SubmitResult } from './flow-api.js';

/** Follows `continue_with`; returns false when there was nothing to follow. */
export function followContinueWith(items: readonly ContinueWith[] | undefined): boolean {
  if (!items?.length) return false;
  const find = <A extends ContinueWith['action']>(action: A) => items.find((item): item is Extract<ContinueWith, { action: A }> => item.action === action);
  const verification = find('show_verification_ui');
  if (verification) return (goTo(verification.flow.url ?? `/verification?flow=${verification.flow.id}`), true);
  const settings = find('show_settings_ui');
  if (settings) return (goTo(settings.flow.url ?? `/settings?flow=${settings.flow.id}`), true);
  const recovery = find('show_recovery_ui');
  if (recovery) return (goTo(recovery.flow.url ?? `/recovery?flow=${recovery.flow.id}`), true);
  const redirect = find('redirect_browser_to');
  if (redirect) return (goTo(redirect.redirect_browser_to), true);
  return false;
}

export function continueAfterSubmit<K extends FlowKind>(kind: K, submitted: FlowByKind[K], result: SubmitResult, show: (flow: FlowByKind[K]) => void): void {
  if (kind === 'settings' && result.ui) {
    // Settings stay on screen after a save; the service's redirect is only followed when the
    // flow was opened to return somewhere.
    show(result as unknown as FlowByKind[K]);
    if (submitted.return_to) followContinueWith(result.continue_with);
    return;
  }
  if (followContinueWith(result.continue_with)) return;
  if (result.ui) return show(result as unknown as FlowByKind[K]);
  // Registered with nothing left to confirm: welcome, then on to where the flow was going.
  if (kind === 'registration') {
    goTo(`/registration-completion${submitted.return_to ? `?return_to=${encodeURIComponent(submitted.return_to)}` : ''}`);
    return;
  }
  goTo(appHome(submitted.return_to));
}
