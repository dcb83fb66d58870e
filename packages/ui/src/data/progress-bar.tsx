import styled from 'styled-components';

const Track = styled.div<{ $height: number }>`
  width: 100%;
  height: ${({ $height }) => $height}px;
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  overflow: hidden;
`;

const Fill = styled.div`
  height: 100%;
  border-radius: inherit;
  background: ${({ theme }) => theme.colors.accent};
  transition: width 200ms ease;
`;

/** A progress bar with its percentage exposed to assistive technology. */
export function ProgressBar({ value, label, height = 6 }: { value: number; label: string; height?: number }) {
  const pct = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <Track $height={height} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
      <Fill style={{ width: `${pct}%` }} />
    </Track>
  );
}
