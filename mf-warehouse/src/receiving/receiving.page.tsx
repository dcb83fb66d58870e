import { PAGE_HEADINGS, PageHeader, PageStack } from '@midway/ui/data';
import styled from 'styled-components';
import { InspectionQueue } from '../inspections/inspection-queue';
import { ScanDesk } from '../scan/scan-desk';
import { UnmatchedArrivals } from '../unmatched/unmatched-arrivals';

export const { title: RECEIVING_TITLE, subtitle: RECEIVING_SUBTITLE } = PAGE_HEADINGS.receiving;

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

/** The receiving desk (admins only: the shell's route guards it and logistics answers 403 to anyone else). */
export default function ReceivingPage() {
  return (
    <PageStack>
      <PageHeader title={RECEIVING_TITLE} subtitle={RECEIVING_SUBTITLE} />
      <Columns>
        <Column>
          <ScanDesk />
          <UnmatchedArrivals />
        </Column>
        <Column>
          <InspectionQueue />
        </Column>
      </Columns>
    </PageStack>
  );
}
