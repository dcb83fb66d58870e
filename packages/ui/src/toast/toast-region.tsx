import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import styled, { css, keyframes } from 'styled-components';
import {
  dismissToast,
  getToasts,
  subscribeToasts,
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_SWIPE_THRESHOLD_PX,
  type ToastVariant,
} from './toast-store';

const slideIn = keyframes`from { transform: translateY(-12px); opacity: 0; } to { transform: translateY(0); opacity: 1; }`;

/**
 * Where no heading or action is: at the top centre over the app's 64 px header band on a wide screen, at the
 * bottom on a phone (there a toast under the header covered the page's heading, and a dialog's title and close
 * button). Centred dialogs keep clear of the band (ui/dialog); page and dialog actions sit at the bottom right on a
 * wide screen (Quick Add, Save). The region itself lets clicks through; only the toasts take them.
 */
const Viewport = styled(ToastPrimitive.Viewport)`
  position: fixed;
  top: 6px;
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) { top: auto; bottom: 8px; }
  left: 50%;
  transform: translateX(-50%);
  z-index: 100;
  display: flex;
  flex-direction: column;
  gap: 8px;
  width: min(380px, calc(100vw - 16px));
  margin: 0;
  padding: 0;
  list-style: none;
  outline: none;
  pointer-events: none;
  & > * { pointer-events: auto; }
`;

const Root = styled(ToastPrimitive.Root)<{ $variant: ToastVariant }>`
  position: relative;
  display: grid;
  gap: 4px;
  padding: 16px 40px 16px 16px;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme, $variant }) => ($variant === 'destructive' ? theme.colors.danger : theme.colors.border)};
  border-left: 4px solid
    ${({ theme, $variant }) =>
      $variant === 'destructive' ? theme.colors.danger : $variant === 'success' ? theme.colors.accent : theme.colors.borderStrong};
  background: ${({ theme, $variant }) => ($variant === 'destructive' ? theme.colors.dangerSoft : theme.colors.surface)};
  box-shadow: ${({ theme }) => theme.shadows.md};
  &[data-state='open'] { animation: ${slideIn} 160ms ease-out; }
  &[data-swipe='move'] { transform: translateX(var(--radix-toast-swipe-move-x)); }
  &[data-swipe='cancel'] { transform: translateX(0); transition: transform 160ms ease-out; }
  &[data-swipe='end'] { transform: translateX(var(--radix-toast-swipe-end-x)); }
  @media (prefers-reduced-motion: reduce) { &[data-state='open'] { animation: none; } }
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) { padding: 10px 36px 10px 12px; }
`;

// On a phone a toast stays within its band above the dialogs (ui/dialog keeps the bottom 124 px free): two lines of
// title and two of description at most. The whole text is announced (the live region), and what a toast names — an
// item's long name, say — is shown whole where it is listed.
const clamped = css`
  overflow-wrap: anywhere;
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) { display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; overflow: hidden; }
`;

const Title = styled(ToastPrimitive.Title)`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 650;
  ${clamped}
`;

const Description = styled(ToastPrimitive.Description)`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  ${clamped}
`;

const Close = styled(ToastPrimitive.Close)`
  position: absolute;
  top: 10px;
  right: 10px;
  display: inline-flex;
  padding: 4px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  svg { width: 14px; height: 14px; }
`;

/** Renders the toasts queued with toast(); mount once, in the shell. */
/** The Radix toast region; loaded by Toaster (toast.tsx) when the first toast is shown. */
export default function ToastRegion() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {toasts.map(({ id, title, description, variant = 'default', open }) => (
        <Root
          key={id}
          data-testid="toast"
          open={open}
          $variant={variant}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
        >
          {title ? <Title>{title}</Title> : null}
          {description ? <Description>{description}</Description> : null}
          <Close aria-label="Dismiss notification">
            <X aria-hidden />
          </Close>
        </Root>
      ))}
      <Viewport hotkey={TOAST_HOTKEY} label="Notifications ({hotkey})" />
    </ToastPrimitive.Provider>
  );
}
