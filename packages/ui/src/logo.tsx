import styled from 'styled-components';

const Wrap = styled.span<{ $inverted?: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 10px;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 750;
  letter-spacing: -0.02em;
  color: ${({ $inverted, theme }) => ($inverted ? '#fff' : theme.colors.text)};
`;

export function MidwayLogo({ inverted }: { inverted?: boolean }) {
  return (
    <Wrap $inverted={inverted}>
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden focusable="false">
        <rect width="32" height="32" rx="7" fill="#0f766e" />
        <path d="M8 22V10l8 7 8-7v12" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      Midway
    </Wrap>
  );
}
