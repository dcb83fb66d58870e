import { Card, CardContent, Skeleton } from '@midway/ui';
import styled from 'styled-components';

/**
 * The shell's own loading placeholders (the dashboard's is @midway/ui/data's DashboardSkeleton, shared with mf_projects):
 * generic page and landing placeholders (a page with a heading shows page-frames.tsx's frame).
 */
const Grid = styled.div<{ $min: string }>`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fill, minmax(${({ $min }) => $min}, 1fr));
`;

// Not @midway/ui/data's PageStack: app.tsx shows these on the signed-out path, which must not load that entry.
const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 24px;
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 12px 0;
`;

function RowsSkeleton({ rows }: { rows: number }) {
  return (
    <Card>
      <CardContent>
        {Array.from({ length: rows }, (_, i) => (
          <Row key={i}>
            <Skeleton $width="36px" $height="36px" $radius="50%" />
            <div style={{ flex: 1 }}>
              <Skeleton $width="45%" />
              <Skeleton $width="25%" $height="12px" style={{ marginTop: 8 }} />
            </div>
          </Row>
        ))}
      </CardContent>
    </Card>
  );
}

export function PageLoading({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{label}…</span>
      <Stack>
        <Skeleton $height="32px" $width="220px" />
        <RowsSkeleton rows={3} />
      </Stack>
    </div>
  );
}

/** Full-width placeholder of the public landing page while its remote loads. */
export function LandingSkeleton() {
  return (
    <div role="status" aria-live="polite" aria-busy="true" style={{ maxWidth: 1120, margin: '0 auto', padding: '24px 16px' }}>
      <span className="visually-hidden">Loading Midway…</span>
      <Stack>
        <Skeleton $height="40px" />
        <Skeleton $height="320px" $radius="16px" />
        <Grid $min="220px">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} $height="160px" $radius="12px" />
          ))}
        </Grid>
      </Stack>
    </div>
  );
}
