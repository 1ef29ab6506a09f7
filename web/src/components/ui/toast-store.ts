import { useSyncExternalStore } from 'react';

/**
 * Toasts (spec 000 §9): one visible at a time, 5 s unless told otherwise. A module-level store so
 * code outside React (the query cache's error hook, the unauthorized redirect) can raise one too.
 */
export const DEFAULT_TOAST_DURATION_MS = 5000;

/** default: done; info: something to know that is not a failure (a pending account); destructive: failed. */
export type ToastVariant = 'default' | 'info' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before the toast goes away on its own. */
  duration?: number;
}

export interface ActiveToast extends Required<Omit<ToastOptions, 'description'>> {
  id: number;
  description?: string;
}

let current: ActiveToast | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function dismissToast(id?: number): void {
  if (!current || (id !== undefined && current.id !== id)) return;
  clearTimeout(timer);
  current = null;
  emit();
}

/** Show a toast, replacing whichever one is showing. */
export function toast(options: ToastOptions): number {
  clearTimeout(timer);
  const id = nextId++;
  current = {
    id,
    title: options.title,
    description: options.description,
    variant: options.variant ?? 'default',
    duration: options.duration ?? DEFAULT_TOAST_DURATION_MS,
  };
  timer = setTimeout(() => dismissToast(id), current.duration);
  emit();
  return id;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrentToast(): ActiveToast | null {
  return useSyncExternalStore(subscribe, () => current, () => null);
}
