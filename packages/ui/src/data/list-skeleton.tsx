import styled from 'styled-components';
import { Skeleton } from '../primitives/skeleton';

const Row = styled.div`
  display: flex;
  gap: 12px;
  padding: 10px 0;
  & + & { border-top: 1px solid ${({ theme }) => theme.colors.border}; }
  > div:last-child { flex: 1; }
`;

/** Placeholder rows of a list of entries with a round icon, a line and a smaller line (e.g. recent activity). */
export function ListSkeleton({ rows, label, testId }: { rows: number; label: string; testId?: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <Row key={i} data-testid={testId}>
          <Skeleton $width="32px" $height="32px" $radius="50%" />
          <div>
            <Skeleton $width="85%" />
            <Skeleton $width="40%" $height="12px" style={{ marginTop: 6 }} />
          </div>
        </Row>
      ))}
    </div>
  );
}
