import type { ReactNode } from 'react';

/** At most one toast shown, 5000 ms display, 50 px swipe to dismiss, F8 focuses the region. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ['F8'];
/** Time a closed toast stays mounted so its exit animation can finish. */
const TOAST_REMOVE_DELAY_MS = 200;

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
}

export interface ToastRecord extends ToastInput {
  id: string;
  open: boolean;
}

type Listener = (toasts: readonly ToastRecord[]) => void;

let toasts: readonly ToastRecord[] = [];
let counter = 0;
const listeners = new Set<Listener>();

function emit(next: readonly ToastRecord[]) {
  toasts = next;
  listeners.forEach((l) => l(toasts));
}

/** Shows a toast. The newest replaces older ones beyond TOAST_LIMIT. */
export function toast(input: ToastInput): { id: string; dismiss(): void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

export function dismissToast(id: string): void {
  emit(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => emit(toasts.filter((t) => t.id !== id)), TOAST_REMOVE_DELAY_MS);
}

export function getToasts(): readonly ToastRecord[] {
  return toasts;
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For tests: forget every toast. */
export function resetToasts(): void {
  emit([]);
}
