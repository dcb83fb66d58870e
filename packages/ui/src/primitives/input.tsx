import styled, { css } from 'styled-components';

const fieldStyles = css`
  width: 100%;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  padding: 0 12px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  transition: border-color 120ms ease, box-shadow 120ms ease;
  &::placeholder { color: ${({ theme }) => theme.colors.textSubtle}; }
  &:focus { outline: none; border-color: ${({ theme }) => theme.colors.accent}; box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.accentSoft}; }
  &:disabled { background: ${({ theme }) => theme.colors.surfaceMuted}; cursor: not-allowed; }
  &[aria-invalid='true'] { border-color: ${({ theme }) => theme.colors.danger}; }
`;

export const Input = styled.input`
  ${fieldStyles}
  height: 40px;
`;

export const Textarea = styled.textarea`
  ${fieldStyles}
  min-height: 120px;
  padding: 10px 12px;
  resize: vertical;
`;

export const Label = styled.label`
  display: block;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.text};
  margin-bottom: 6px;
`;

export const FieldError = styled.p.attrs({ role: 'alert' })`
  margin-top: 6px;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.danger};
`;

export const Field = styled.div`
  display: flex;
  flex-direction: column;
`;
