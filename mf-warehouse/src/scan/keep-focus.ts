import { useCallback, useEffect, type RefObject } from 'react';

/** Nothing has the focus (a click on the background, a removed button). */
export const focusIsLost = () => !document.activeElement || document.activeElement === document.body;

/**
 * Someone is busy elsewhere (another field, or a dialog the box is not in): the box must not take the focus from
 * them. A box inside a dialog (the load check) takes it back from the dialog's own buttons.
 */
export function typingElsewhere(box?: Element | null): boolean {
  const el = document.activeElement;
  if (!el || el === document.body || el === box) return false;
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement || (el as HTMLElement).isContentEditable) return true;
  const dialog = el.closest('[role="dialog"]');
  return Boolean(dialog && !dialog.contains(box ?? null));
}

/**
 * Keeps a scan box focused for a keyboard-wedge scanner: it has the focus from the start, takes it back when nothing
 * has it (a click on the page's background, a button that went away) and when keys arrive while nothing has it.
 * Returns `refocus`, to call after each action; it leaves the focus where someone is typing in another field.
 */
export function useKeepFocus(input: RefObject<HTMLInputElement | null>, enabled = true): () => void {
  const refocus = useCallback(() => {
    requestAnimationFrame(() => {
      if (enabled && !typingElsewhere(input.current)) input.current?.focus();
    });
  }, [input, enabled]);
  useEffect(() => {
    if (!enabled) return;
    input.current?.focus();
    const onFocusOut = () => setTimeout(() => focusIsLost() && input.current?.focus(), 0);
    const onKeyDown = (e: KeyboardEvent) => {
      if (focusIsLost() && !e.ctrlKey && !e.metaKey && !e.altKey && (e.key.length === 1 || e.key === 'Enter')) input.current?.focus();
    };
    document.addEventListener('focusout', onFocusOut);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [input, enabled]);
  return refocus;
}
