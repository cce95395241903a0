/**
 * The toast queue: a toast closes 3000 ms after it appears, but time spent hovered or with
 * the window unfocused does not count (spec §2, §9).
 */
export const TOAST_TIMEOUT_MS = 3000;

export type ToastTone = 'info' | 'success' | 'error';

export interface Toast {
  id: number;
  text: string;
  tone: ToastTone;
}

interface Timer {
  remaining: number;
  startedAt: number;
  handle: ReturnType<typeof setTimeout> | undefined;
}

let toasts: readonly Toast[] = [];
let nextId = 1;
const timers = new Map<number, Timer>();
const listeners = new Set<() => void>();
const pauses = new Set<string>();

function emit(): void {
  for (const listener of listeners) listener();
}

function arm(id: number, timer: Timer): void {
  timer.startedAt = Date.now();
  timer.handle = setTimeout(() => toastStore.dismiss(id), timer.remaining);
}

export const toastStore = {
  get: (): readonly Toast[] => toasts,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  show(text: string, tone: ToastTone = 'info'): number {
    const id = nextId++;
    toasts = [...toasts, { id, text, tone }];
    const timer: Timer = { remaining: TOAST_TIMEOUT_MS, startedAt: 0, handle: undefined };
    timers.set(id, timer);
    if (pauses.size === 0) arm(id, timer);
    emit();
    return id;
  },
  dismiss(id: number): void {
    const timer = timers.get(id);
    if (timer?.handle) clearTimeout(timer.handle);
    timers.delete(id);
    toasts = toasts.filter((toast) => toast.id !== id);
    emit();
  },
  /** Stops every clock; `reason` lets hover and window blur pause independently. */
  pause(reason: string): void {
    const wasRunning = pauses.size === 0;
    pauses.add(reason);
    if (!wasRunning) return;
    for (const timer of timers.values()) {
      if (timer.handle) clearTimeout(timer.handle);
      timer.handle = undefined;
      timer.remaining = Math.max(0, timer.remaining - (Date.now() - timer.startedAt));
    }
  },
  resume(reason: string): void {
    if (!pauses.delete(reason) || pauses.size > 0) return;
    for (const [id, timer] of timers) arm(id, timer);
  },
  clear(): void {
    for (const id of [...timers.keys()]) toastStore.dismiss(id);
    pauses.clear();
  },
};
