import styled, { keyframes } from 'styled-components';

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.5; }
`;

export const Skeleton = styled.div.attrs({ 'aria-hidden': true })<{ $height?: string; $width?: string; $radius?: string }>`
  height: ${({ $height = '16px' }) => $height};
  width: ${({ $width = '100%' }) => $width};
  border-radius: ${({ theme, $radius }) => $radius ?? theme.radii.md};
  background: ${({ theme }) => theme.colors.border};
  animation: ${pulse} 1.6s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) { animation: none; }
`;

/** What a remote shows while its page's chunk loads: a busy status with a heading-sized bar. */
export function PageFallback() {
  return (
    <div role="status" aria-busy="true">
      <span className="visually-hidden">Loading…</span>
      <Skeleton $height="32px" $width="240px" />
    </div>
  );
}
