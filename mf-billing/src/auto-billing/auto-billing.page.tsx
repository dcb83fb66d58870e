import type { BillingRate } from '@midway/contracts';
import { BILLING_DEFAULT_RATES, BILLING_RATE_LABELS, BILLING_RATE_TYPES, BILLING_YEAR_MAX, BILLING_YEAR_MIN, INVOICE_DUE_DAYS, MONTHS } from '@midway/contracts/vocab';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Field, FieldError, formatMoney, Input, Label } from '@midway/ui';
import { DataTable, PAGE_HEADINGS, PageHeader, PageStack, type DataColumn } from '@midway/ui/data';
import { useCurrentUser } from '@midway/ui/query';
import { Activity, CalendarDays, FileText, Loader2, PackageCheck, Play, Settings2, ShieldAlert, Warehouse, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { useCreateCycles, useGenerateInvoices, useInitializeRates, useRates, useRecordStorageFees } from '../api/billing-queries';
import { formatDate } from '../shared/format';

export const { title: AUTO_BILLING_TITLE, subtitle: AUTO_BILLING_SUBTITLE } = PAGE_HEADINGS['auto-billing'];
export const ACCESS_DENIED = 'Access Denied: Only Midway administrators can access the automatic billing system.';
export const NO_RATES = 'No billing rates yet. Initialize Billing Rates to set up the default fee table.';

const Tiles = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
`;

const Tile = styled(Card)`
  display: flex;
  gap: 12px;
  padding: 20px;
  align-items: flex-start;
  > svg { width: 22px; height: 22px; flex-shrink: 0; color: ${({ theme }) => theme.colors.accent}; }
  p:first-of-type { font-size: ${({ theme }) => theme.fontSizes.sm}; color: ${({ theme }) => theme.colors.textMuted}; }
  p:nth-of-type(2) { margin-top: 4px; font-size: ${({ theme }) => theme.fontSizes.xl}; font-weight: 700; }
  p:nth-of-type(3) { margin-top: 2px; font-size: ${({ theme }) => theme.fontSizes.sm}; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Columns = styled.div`
  display: grid;
  gap: 24px;
  grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  align-items: start;
  @media (max-width: ${({ theme }) => theme.breakpoints.lg}) { grid-template-columns: minmax(0, 1fr); }
`;

const ActionList = styled.div`
  display: grid;
  gap: 20px;
`;

const Action = styled.section`
  display: grid;
  gap: 10px;
  padding-top: 16px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  &:first-child { padding-top: 0; border-top: 0; }
  h3 { font-size: ${({ theme }) => theme.fontSizes.md}; font-weight: 650; }
  p { font-size: ${({ theme }) => theme.fontSizes.sm}; color: ${({ theme }) => theme.colors.textMuted}; }
  button { justify-self: start; }
`;

const Period = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 160px));
  gap: 12px;
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) { grid-template-columns: repeat(2, minmax(0, 1fr)); }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const Steps = styled.ul`
  display: grid;
  gap: 8px;
  padding-left: 18px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  list-style: disc;
`;

const Denied = styled(CardContent)`
  display: flex;
  align-items: center;
  gap: 12px;
  padding-top: 24px;
  color: ${({ theme }) => theme.colors.danger};
  svg { width: 22px; height: 22px; flex-shrink: 0; }
`;

function InfoTile({ icon: Icon, label, value, hint }: { icon: LucideIcon; label: string; value: string; hint?: string }) {
  return (
    <Tile data-testid={`tile-${label}`}>
      <Icon aria-hidden />
      <div>
        <p>{label}</p>
        <p>{value}</p>
        {hint ? <p>{hint}</p> : null}
      </div>
    </Tile>
  );
}

/** The rate charged today for a type (the server's table once initialized, else the default fee table). */
function currentRate(rates: readonly BillingRate[] | undefined, type: keyof typeof BILLING_DEFAULT_RATES): string {
  return rates?.find((r) => r.serviceType === type && r.current)?.rate ?? BILLING_DEFAULT_RATES[type].rate;
}

const RATE_COLUMNS: DataColumn<BillingRate>[] = [
  { key: 'service', header: 'Service', primary: true, cell: (r) => r.label || BILLING_RATE_LABELS[r.serviceType] },
  { key: 'rate', header: 'Rate', nowrap: true, cell: (r) => formatMoney(r.rate) },
  { key: 'unit', header: 'Unit', cell: (r) => r.unit },
  { key: 'effective', header: 'Effective From', nowrap: true, cell: (r) => formatDate(r.effectiveDate) ?? r.effectiveDate },
  { key: 'status', header: 'Status', cell: (r) => (r.current ? <Badge $tone="green">Current</Badge> : <Badge $tone="grey">{r.effectiveDate > new Date().toISOString().slice(0, 10) ? 'Scheduled' : 'Past'}</Badge>) },
];

function RunButton({ onClick, pending, icon: Icon, children, busy }: { onClick(): void; pending: boolean; icon: LucideIcon; children: ReactNode; busy: string }) {
  return (
    <Button onClick={onClick} disabled={pending}>
      {pending ? <Loader2 aria-hidden /> : <Icon aria-hidden />}
      {pending ? busy : children}
    </Button>
  );
}

type PeriodErrors = { month?: string; year?: string };

/** Month 1–12 and year 2024–2030, whole numbers. */
export function validatePeriod(month: string, year: string): PeriodErrors {
  const errors: PeriodErrors = {};
  const m = Number(month);
  const y = Number(year);
  if (!/^\d+$/.test(month.trim()) || m < 1 || m > 12) errors.month = 'Month must be a whole number from 1 to 12';
  if (!/^\d+$/.test(year.trim()) || y < BILLING_YEAR_MIN || y > BILLING_YEAR_MAX) errors.year = `Year must be a whole number from ${BILLING_YEAR_MIN} to ${BILLING_YEAR_MAX}`;
  return errors;
}

/** /auto-billing (admin only): the fee table, and the scheduled jobs run now (their toasts show the server's message). */
export default function AutoBillingPage() {
  const { isAdmin, isLoading } = useCurrentUser();
  if (isLoading) return null;
  if (!isAdmin) {
    return (
      <Card role="alert">
        <Denied>
          <ShieldAlert aria-hidden />
          <p>{ACCESS_DENIED}</p>
        </Denied>
      </Card>
    );
  }
  return <AutoBilling />;
}

function AutoBilling() {
  const now = new Date();
  const rates = useRates();
  const initialize = useInitializeRates();
  const storage = useRecordStorageFees();
  const cycles = useCreateCycles();
  const generate = useGenerateInvoices();
  const [month, setMonth] = useState(String(now.getMonth() + 1));
  const [year, setYear] = useState(String(now.getFullYear()));
  const [errors, setErrors] = useState<PeriodErrors>({});

  const withPeriod = (run: (period: { month: number; year: number }) => void) => () => {
    const found = validatePeriod(month, year);
    setErrors(found);
    if (Object.keys(found).length === 0) run({ month: Number(month), year: Number(year) });
  };
  const fees = BILLING_RATE_TYPES.map((t) => ({ type: t, label: BILLING_DEFAULT_RATES[t].description, rate: currentRate(rates.data, t), unit: BILLING_DEFAULT_RATES[t].unit }));

  return (
    <PageStack>
      <PageHeader title={AUTO_BILLING_TITLE} subtitle={AUTO_BILLING_SUBTITLE} />
      <Tiles>
        <InfoTile icon={CalendarDays} label="Current Month" value={`${MONTHS[now.getMonth()]} ${now.getFullYear()}`} />
        <InfoTile icon={Warehouse} label="Storage Fees" value="Daily" hint={`${formatMoney(currentRate(rates.data, 'storage'))} per item per day`} />
        <InfoTile icon={PackageCheck} label="Receiving Fee" value={formatMoney(currentRate(rates.data, 'receiving'))} hint="per item received" />
        <InfoTile icon={Activity} label="Status" value="Active" hint="Runs every day and on the 1st" />
      </Tiles>
      <Columns>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Billing Actions</CardTitle>
            <CardDescription>Run the scheduled jobs now. Each can be run again safely: what was already done is not done twice.</CardDescription>
          </CardHeader>
          <CardContent>
            <ActionList>
              <Action aria-labelledby="action-rates">
                <h3 id="action-rates">Billing rates</h3>
                <p>Writes the default fee table (below) in force from today. Existing rates are kept.</p>
                <RunButton icon={Settings2} onClick={() => initialize.mutate(undefined)} pending={initialize.isPending} busy="Initializing...">
                  Initialize Billing Rates
                </RunButton>
              </Action>
              <Action aria-labelledby="action-storage">
                <h3 id="action-storage">Storage fees</h3>
                <p>Records today’s storage fee for every item received or stored and not delivered, and any day missed before.</p>
                <RunButton icon={Warehouse} onClick={() => storage.mutate(undefined)} pending={storage.isPending} busy="Recording...">
                  Record Today&apos;s Storage Fees
                </RunButton>
              </Action>
              <Action aria-labelledby="action-period">
                <h3 id="action-period">Monthly billing</h3>
                <p>Creates a billing cycle per project for the month, then turns each cycle’s fees into one invoice to the project’s designer.</p>
                <Period>
                  <Field>
                    <Label htmlFor="billing-month">Month</Label>
                    <Input id="billing-month" type="number" min={1} max={12} step={1} value={month} onChange={(e) => setMonth(e.target.value)} aria-invalid={Boolean(errors.month)} />
                    {errors.month ? <FieldError>{errors.month}</FieldError> : null}
                  </Field>
                  <Field>
                    <Label htmlFor="billing-year">Year</Label>
                    <Input id="billing-year" type="number" min={BILLING_YEAR_MIN} max={BILLING_YEAR_MAX} step={1} value={year} onChange={(e) => setYear(e.target.value)} aria-invalid={Boolean(errors.year)} />
                    {errors.year ? <FieldError>{errors.year}</FieldError> : null}
                  </Field>
                </Period>
                <Buttons>
                  <RunButton icon={Play} onClick={withPeriod((p) => cycles.mutate(p))} pending={cycles.isPending} busy="Creating...">
                    Create Billing Cycles
                  </RunButton>
                  <RunButton icon={FileText} onClick={withPeriod((p) => generate.mutate(p))} pending={generate.isPending} busy="Generating...">
                    Generate Monthly Invoices
                  </RunButton>
                </Buttons>
              </Action>
            </ActionList>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">How automatic billing works</CardTitle>
          </CardHeader>
          <CardContent>
            <Steps>
              <li>Receiving is charged once per item, when it is first received or stored.</li>
              <li>Storage is charged per item for every day it is received or stored and not yet delivered.</li>
              <li>Enhanced inspection, delivery and installation are charged when done, if the service was selected.</li>
              <li>On the 1st, each project’s fees for the past month become one invoice, e-mailed to the client.</li>
              <li>Clients pay within {INVOICE_DUE_DAYS} days; unpaid invoices past their due date become overdue.</li>
            </Steps>
            <DataTable
              columns={[
                { key: 'service', header: 'Service', primary: true, cell: (f: (typeof fees)[number]) => f.label },
                { key: 'fee', header: 'Fee', nowrap: true, cell: (f: (typeof fees)[number]) => `${formatMoney(f.rate)} ${f.unit}` },
              ]}
              rows={fees}
              rowKey={(f) => f.type}
              cardsBelowPx={360}
            />
          </CardContent>
        </Card>
      </Columns>
      <Card>
        <CardHeader>
          <CardTitle as="h2" id="billing-rates">
            Billing Rates
          </CardTitle>
          <CardDescription>Every rate with the date it applies from; a change applies from its date on, never to earlier fees.</CardDescription>
        </CardHeader>
        <DataTable columns={RATE_COLUMNS} rows={rates.data ?? []} rowKey={(r) => r.id} loading={rates.isLoading} labelledBy="billing-rates" rowTestId="rate-row" empty={<p style={{ padding: 16 }}>{rates.isError ? 'Rates could not be loaded. Reload the page to try again.' : NO_RATES}</p>} />
      </Card>
    </PageStack>
  );
}
