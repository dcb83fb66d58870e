import type { ProjectDetail } from '@midway/contracts';
import { sumMoney } from '@midway/contracts/money';
import { BILLING_RATE_LABELS, SERVICE_BILLING, type BillingRateType } from '@midway/contracts/vocab';
import { Button, Card, CardContent, CardHeader, CardTitle, formatMoney, Label } from '@midway/ui';
import { useCurrentUser } from '@midway/ui/query';
import { ProgressBar } from '@midway/ui/data';
import { Select } from '@midway/ui/select';
import { Download, FileText } from 'lucide-react';
import styled from 'styled-components';
import { useUpdateProject } from '../api/catalog-queries';
import { itemsValue } from '../shared/items-value';
import { isProjectStatus, PROJECT_STATUS_OPTIONS } from '../shared/project-status';
import { downloadCsv, projectSummaryCsv, summaryFileName } from './export-summary';
import type { ProjectCounts } from '../shared/item-counts';

const Rows = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 10px 12px;
  margin: 0 0 16px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; text-align: right; font-weight: 600; font-variant-numeric: tabular-nums; }
`;

const Total = styled.div`
  display: flex;
  justify-content: space-between;
  padding-top: 12px;
  margin-bottom: 16px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  font-weight: 700;
`;

const Progress = styled.div`
  display: grid;
  gap: 6px;
  margin-bottom: 16px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  span { display: flex; justify-content: space-between; color: ${({ theme }) => theme.colors.textMuted}; }
  strong { color: ${({ theme }) => theme.colors.text}; }
`;

const StatusField = styled.div`
  margin-bottom: 20px;
`;

/** The project's own status (active, planning, in progress, completed), changed with PUT /api/projects/{id}. */
function ProjectStatusField({ project }: { project: ProjectDetail }) {
  const update = useUpdateProject(project.id);
  return (
    <StatusField>
      <Label htmlFor="project-status">Project status</Label>
      <Select
        id="project-status"
        value={project.status}
        options={PROJECT_STATUS_OPTIONS}
        disabled={update.isPending}
        onValueChange={(status) => {
          if (isProjectStatus(status) && status !== project.status) update.mutate({ status });
        }}
      />
    </StatusField>
  );
}

const Buttons = styled.div`
  display: grid;
  gap: 8px;
`;

const Fees = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 4px 12px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  dt small { display: block; color: ${({ theme }) => theme.colors.textMuted}; }
  dd { text-align: right; font-variant-numeric: tabular-nums; }
`;

/**
 * Services & Fees by what they trace to, as the Services page says it: a selected service billed when the
 * warehouse did it, or storage, a warehouse fact billed per day while it holds an item (never a one-off).
 */
export function feeLines(project: Pick<ProjectDetail, 'costs'>): { type: string; label: string; basis: string; amount: string }[] {
  const byType = new Map<string, string[]>();
  for (const c of project.costs) byType.set(c.type, [...(byType.get(c.type) ?? []), c.amount]);
  return [...byType].map(([type, amounts]) => {
    const service = SERVICE_BILLING[type as keyof typeof SERVICE_BILLING];
    const label = BILLING_RATE_LABELS[type as BillingRateType] ?? type;
    const basis = service ? (service.basis === 'warehouse' ? 'Per day in the warehouse' : `Selected service: ${service.when.replace(/^Billed /, 'billed ')}`) : 'Added by Midway';
    return { type, label, basis, amount: sumMoney(amounts) };
  });
}

export interface ProjectSummaryProps {
  project: ProjectDetail;
  counts: ProjectCounts;
  /** Opens invoice creation for the project (mf_billing's Create Invoice on /billing); admins only see the button. */
  onGenerateInvoice?: () => void;
}

export function ProjectSummary({ project, counts, onGenerateInvoice }: ProjectSummaryProps) {
  const { isAdmin } = useCurrentUser();
  const rows: [string, number][] = [
    ['Total Items', counts.total],
    ['Pending', counts.pending],
    ['In Transit', counts.inTransit],
    ['Received', counts.received],
    ['Delivered', counts.delivered],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Project Summary</CardTitle>
      </CardHeader>
      <CardContent>
        <ProjectStatusField project={project} />
        <Progress>
          <span>
            Progress <strong>{counts.progress}%</strong>
          </span>
          <ProgressBar value={counts.progress} label="Items received or delivered" height={8} />
        </Progress>
        <Rows>
          {rows.map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </Rows>
        <Rows>
          <dt>Items Value</dt>
          <dd>{formatMoney(itemsValue(project.items))}</dd>
          <dt>Services &amp; Fees</dt>
          <dd>{formatMoney(sumMoney(project.costs.map((c) => c.amount)))}</dd>
        </Rows>
        {feeLines(project).length > 0 ? (
          <Fees aria-label="Services and fees billed">
            {feeLines(project).map((f) => (
              <div key={f.type} style={{ display: 'contents' }}>
                <dt>
                  {f.label}
                  <small>{f.basis}</small>
                </dt>
                <dd>{formatMoney(f.amount)}</dd>
              </div>
            ))}
          </Fees>
        ) : null}
        <Total>
          <span>Total Cost</span>
          <span>{formatMoney(project.totalCost)}</span>
        </Total>
        <Buttons>
          <Button $variant="outline" $block onClick={() => downloadCsv(summaryFileName(project.name), projectSummaryCsv(project))}>
            <Download aria-hidden />
            Export Summary
          </Button>
          {isAdmin && onGenerateInvoice ? (
            <Button $block onClick={onGenerateInvoice}>
              <FileText aria-hidden />
              Generate Invoice
            </Button>
          ) : null}
        </Buttons>
      </CardContent>
    </Card>
  );
}
