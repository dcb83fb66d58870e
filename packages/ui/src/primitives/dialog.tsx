import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Loader2, X } from 'lucide-react';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { Button } from './button';

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const popIn = keyframes`from { opacity: 0; transform: translate(-50%, -48%) scale(0.98); } to { opacity: 1; transform: translate(-50%, -50%) scale(1); }`;
const slideIn = keyframes`from { transform: translateX(100%); } to { transform: translateX(0); }`;

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

const Overlay = styled(DialogPrimitive.Overlay)`
  position: fixed;
  inset: 0;
  z-index: 50;
  background: rgba(15, 23, 42, 0.45);
  animation: ${fadeIn} 120ms ease-out;
`;

const Content = styled(DialogPrimitive.Content)<{ $side?: boolean; $width: string }>`
  position: fixed;
  z-index: 51;
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  padding: 24px;
  overflow-y: auto;
  &:focus { outline: none; }
  ${({ $side, $width, theme }) =>
    $side
      ? `top: 0; right: 0; height: 100%; width: min(${$width}, 100vw); border-left: 1px solid ${theme.colors.border};`
      : // Centred clear of the toasts' band (ui/toast: the top 76 px, on a phone the bottom 124 px), so a toast never
        // covers the title, the close button or the actions.
        `top: calc(50% + 32px); left: 50%; transform: translate(-50%, -50%); width: min(${$width}, calc(100vw - 32px));
         max-height: calc(100dvh - 88px); border-radius: ${theme.radii.lg};
         @media (max-width: ${theme.breakpoints.md}) { top: calc(50% - 56px); max-height: calc(100dvh - 136px); }`}
  animation: ${({ $side }) => ($side ? slideIn : popIn)} 160ms ease-out;
  @media (prefers-reduced-motion: reduce) { animation: none; }
`;

const CloseButton = styled(DialogPrimitive.Close)`
  position: absolute;
  top: 16px;
  right: 16px;
  display: inline-flex;
  border: 0;
  background: transparent;
  padding: 6px;
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.surfaceMuted}; }
  svg { width: 18px; height: 18px; }
`;

export const DialogTitle = styled(DialogPrimitive.Title)`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 650;
  margin-bottom: 4px;
  padding-right: 32px;
`;

export const DialogDescription = styled(DialogPrimitive.Description)`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  margin-bottom: 16px;
`;

export const DialogFooter = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 8px;
  margin-top: 24px;
`;

export interface DialogContentProps extends ComponentPropsWithoutRef<typeof DialogPrimitive.Content> {
  children: ReactNode;
  /** Render as a panel sliding in from the right edge instead of a centred dialog. */
  side?: boolean;
  width?: string;
  hideClose?: boolean;
}

/** Radix Dialog content with overlay, focus trap, Escape to close and a labelled close button. */
export function DialogContent({ children, side, width = '520px', hideClose, ...props }: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <Overlay />
      <Content $side={side} $width={width} {...props}>
        {children}
        {!hideClose && (
          <CloseButton aria-label="Close">
            <X aria-hidden />
          </CloseButton>
        )}
      </Content>
    </DialogPrimitive.Portal>
  );
}

export interface FormDialogFooterProps {
  onCancel: () => void;
  saving: boolean;
  /** The submit button's label, e.g. 'Create Item', and its label while saving, e.g. 'Creating...'. */
  submitLabel: string;
  savingLabel: string;
}

/** A form dialog's Cancel and submit buttons; both are disabled, and the submit one spins, while it saves. */
export function FormDialogFooter({ onCancel, saving, submitLabel, savingLabel }: FormDialogFooterProps) {
  return (
    <DialogFooter>
      <Button $variant="outline" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button type="submit" disabled={saving}>
        {saving ? <Loader2 aria-hidden /> : null}
        {saving ? savingLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
