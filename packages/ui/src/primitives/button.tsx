import styled, { css } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const variants = {
  primary: css`
    background: ${({ theme }) => theme.colors.accent};
    color: ${({ theme }) => theme.colors.accentText};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.accentHover}; }
  `,
  secondary: css`
    background: ${({ theme }) => theme.colors.surfaceMuted};
    color: ${({ theme }) => theme.colors.text};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.border}; }
  `,
  outline: css`
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    border-color: ${({ theme }) => theme.colors.borderStrong};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.surfaceMuted}; }
  `,
  ghost: css`
    background: transparent;
    color: inherit;
    &:hover:not(:disabled) { background: rgba(148, 163, 184, 0.16); }
  `,
  destructive: css`
    background: ${({ theme }) => theme.colors.danger};
    color: #fff;
    &:hover:not(:disabled) { filter: brightness(0.92); }
  `,
  link: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.accent};
    padding-left: 0;
    padding-right: 0;
    &:hover:not(:disabled) { text-decoration: underline; }
  `,
};

const sizes = {
  sm: css`height: 32px; padding: 0 12px; font-size: ${({ theme }) => theme.fontSizes.sm};`,
  md: css`height: 40px; padding: 0 16px; font-size: ${({ theme }) => theme.fontSizes.sm};`,
  lg: css`height: 48px; padding: 0 24px; font-size: ${({ theme }) => theme.fontSizes.md};`,
  icon: css`height: 40px; width: 40px; padding: 0;`,
};

export interface ButtonStyleProps {
  $variant?: ButtonVariant;
  $size?: ButtonSize;
  $block?: boolean;
}

/** Shared by <Button> and link-styled anchors (ButtonLink) so both look the same. */
export const buttonStyles = css<ButtonStyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  font-weight: 600;
  line-height: 1;
  white-space: nowrap;
  text-decoration: none;
  cursor: pointer;
  transition: background 120ms ease, border-color 120ms ease, color 120ms ease;
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  ${({ $variant = 'primary' }) => variants[$variant]}
  ${({ $size = 'md' }) => sizes[$size]}
  &:disabled { opacity: 0.55; cursor: not-allowed; }
  svg { width: 16px; height: 16px; flex-shrink: 0; }
`;

export const Button = styled.button.attrs<ButtonStyleProps>((p) => ({ type: p.type ?? 'button' }))<ButtonStyleProps>`
  ${buttonStyles}
`;

export const ButtonLink = styled.a<ButtonStyleProps>`
  ${buttonStyles}
`;

/**
 * A toolbar button's text: on phones it stays on screen, one line in a smaller size, since an icon alone
 * (New Project beside New Item, Upload PO beside Bulk Actions) does not say which action it is.
 */
export const ButtonLabel = styled.span`
  white-space: nowrap;
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
`;
