import { PAGE_HEADINGS, PageHeader, PageStack } from '@midway/ui/data';
import { useCurrentUser } from '@midway/ui/query';
import styled from 'styled-components';
import { InspectionQueue } from '../inspections/inspection-queue';
import { ScanDesk } from '../scan/scan-desk';
import { UnmatchedArrivals } from '../unmatched/unmatched-arrivals';
import { StaffOnly } from '../shared/staff-only';

export const { title: RECEIVING_TITLE, subtitle: RECEIVING_SUBTITLE } = PAGE_HEADINGS.receiving;
export const ACCESS_DENIED = 'Access Denied: Only Midway administrators can access the receiving desk.';

// Two columns on a desk's screen; one on a phone at the dock (390 px), the scan box first.
const Columns = styled.div`
  display: grid;
  gap: 24px;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  align-items: start;
  @media (max-width: ${({ theme }) => theme.breakpoints.lg}) { grid-template-columns: minmax(0, 1fr); gap: 16px; }
`;

const Column = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 24px;
  min-width: 0;
  @media (max-width: ${({ theme }) => theme.breakpoints.lg}) { gap: 16px; }
`;

/**
 * The receiving desk, for admins only: the shell's route guards it, and so does the page itself (its standalone
 * preview has no shell), asking logistics nothing for anyone else, who would only get 403s.
 */
export default function ReceivingPage() {
  const { isAdmin, isLoading } = useCurrentUser();
  if (isLoading) return null;
  return (
    <PageStack>
      <PageHeader title={RECEIVING_TITLE} subtitle={RECEIVING_SUBTITLE} />
      {isAdmin ? (
        <Columns>
          <Column>
            <ScanDesk />
            <UnmatchedArrivals />
          </Column>
          <Column>
            <InspectionQueue />
          </Column>
        </Columns>
      ) : (
        <StaffOnly message={ACCESS_DENIED} />
      )}
    </PageStack>
  );
}
