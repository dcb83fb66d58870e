import { Card } from '@midway/ui';
import { ProgressBar, StatCards } from '@midway/ui/data';
import { CheckCircle2, Package, Truck, Warehouse } from 'lucide-react';
import styled from 'styled-components';
import type { ProjectCounts } from '../shared/item-counts';

const ProgressCard = styled(Card)`
  padding: 20px 24px;
  display: grid;
  gap: 10px;
`;

const ProgressLine = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: 12px;
  span { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  strong { font-size: 2rem; font-weight: 750; letter-spacing: -0.02em; }
`;

/** The progress percentage and bar, then the counts of Total Items, In Transit, Received and Delivered. */
export function ClientProgress({ counts }: { counts: ProjectCounts }) {
  return (
    <>
      <ProgressCard>
        <ProgressLine>
          <span>Project progress · items received or delivered</span>
          <strong data-testid="client-progress">{counts.progress}%</strong>
        </ProgressLine>
        <ProgressBar value={counts.progress} label="Project progress" height={10} />
      </ProgressCard>
      <StatCards
        stats={[
          { label: 'Total Items', value: counts.total, icon: Package, tone: 'accent' },
          { label: 'In Transit', value: counts.inTransit, icon: Truck, tone: 'blue' },
          { label: 'Received', value: counts.received, icon: Warehouse, tone: 'yellow' },
          { label: 'Delivered', value: counts.delivered, icon: CheckCircle2, tone: 'green' },
        ]}
      />
    </>
  );
}
