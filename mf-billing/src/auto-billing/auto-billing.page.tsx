import type { BillingRate, TaxRate } from '@midway/contracts';
import { BILLING_DEFAULT_RATES, BILLING_RATE_LABELS, BILLING_RATE_TYPES, BILLING_YEAR_MAX, BILLING_YEAR_MIN, INVOICE_DUE_DAYS, INVOICE_ITEM_TYPE_LABELS, INVOICE_ITEM_TYPES, MONTHS, type InvoiceItemType } from '@midway/contracts/vocab';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Field, FieldError, formatMoney, Input, Label } from '@midway/ui';
import { DataTable, PAGE_HEADINGS, PageHeader, PageStack, type DataColumn } from '@midway/ui/data';
import { useCurrentUser } from '@midway/ui/query';
import { Activity, CalendarDays, FileText, Loader2, PackageCheck, Percent, Play, Receipt, Settings2, ShieldAlert, Warehouse, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { useCreateCycles, useDeleteTaxRate, useGenerateInvoices, useInitializeRates, useRates, useRecordStorageFees, useSaveTaxRate, useTaxRates, useUnbilled } from '../api/billing-queries';
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
  const unbilled = useUnbilled();
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
        <InfoTile
          icon={Receipt}
          label="Not Yet Invoiced"
          value={unbilled.data ? formatMoney(unbilled.data.amount) : '—'}
          hint={unbilled.data ? `${unbilled.data.fees} fees recorded for ${unbilled.data.projectCount} ${unbilled.data.projectCount === 1 ? 'project' : 'projects'}` : unbilled.isError ? 'Could not be loaded' : 'Loading…'}
        />
      </Tiles>
      {unbilled.data && unbilled.data.months.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2" id="unbilled-fees">
              Recorded, Not Yet Invoiced
            </CardTitle>
            <CardDescription>Every recorded fee ends up on exactly one invoice: Generate Monthly Invoices for a month bills what is listed for it.</CardDescription>
          </CardHeader>
          <DataTable
            columns={UNBILLED_COLUMNS}
            rows={unbilled.data.months}
            rowKey={(m) => `${m.year}-${m.month}`}
            labelledBy="unbilled-fees"
            rowTestId="unbilled-month"
          />
          <CardContent>
            <h3 id="unbilled-projects" style={{ margin: '16px 0 8px', fontSize: 'inherit' }}>
              Projects owed the most
            </h3>
            <DataTable columns={UNBILLED_PROJECT_COLUMNS} rows={unbilled.data.projects} rowKey={(p) => p.projectId} labelledBy="unbilled-projects" rowTestId="unbilled-project" />
          </CardContent>
        </Card>
      ) : null}
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
                <p>
                  Bills every fee of the month not yet invoiced: onto the project’s invoice for the month while it is a draft, else onto a supplementary invoice. A month still running gets
                  drafts that later fees join; once it has ended its invoices are sent and e-mailed with their PDF.
                </p>
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
              <li>Receiving is charged once per item when the warehouse receives it, if receiving is selected on the Services page.</li>
              <li>Storage is a warehouse fact: charged per item for every day the warehouse holds it (received or stored, not yet delivered), selected or not.</li>
              <li>Enhanced inspection, delivery and installation are charged when done, if the service was selected.</li>
              <li>On the 1st, each project’s fees for the past month become one invoice, e-mailed to the client with its PDF; fees recorded later go on a supplementary invoice.</li>
              <li>Taxes below apply to each line of their fee types on invoices issued from their date.</li>
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
      <TaxRates />
    </PageStack>
  );
}

type UnbilledMonth = { year: number; month: number; amount: string; fees: number; projects: number };
const UNBILLED_COLUMNS: DataColumn<UnbilledMonth>[] = [
  { key: 'month', header: 'Month', primary: true, cell: (m) => `${MONTHS[m.month - 1]} ${m.year}` },
  { key: 'amount', header: 'Amount', nowrap: true, cell: (m) => formatMoney(m.amount) },
  { key: 'fees', header: 'Fees', cell: (m) => String(m.fees) },
  { key: 'projects', header: 'Projects', cell: (m) => String(m.projects) },
];

type UnbilledProject = { projectId: string; name: string | null; amount: string; fees: number };
const UNBILLED_PROJECT_COLUMNS: DataColumn<UnbilledProject>[] = [
  { key: 'project', header: 'Project', primary: true, cell: (p) => p.name ?? 'A project billing has not heard of yet' },
  { key: 'amount', header: 'Amount', nowrap: true, cell: (p) => formatMoney(p.amount) },
  { key: 'fees', header: 'Fees', cell: (p) => String(p.fees) },
];

export const NO_TAX_RATES = 'No tax rates: invoices carry no tax. Add one (for example GST 5% on every fee type) to tax invoices from its date.';

interface TaxForm {
  id?: string;
  name: string;
  percent: string;
  feeTypes: InvoiceItemType[];
  effectiveFrom: string;
}
const emptyTaxForm = (): TaxForm => ({ name: '', percent: '', feeTypes: [], effectiveFrom: new Date().toISOString().slice(0, 10) });

/** Checks what the server checks, so the form says what to fix before sending. */
export function validateTaxForm(f: TaxForm): Partial<Record<keyof TaxForm, string>> {
  const errors: Partial<Record<keyof TaxForm, string>> = {};
  if (!f.name.trim()) errors.name = 'Name is required';
  if (!/^\d{1,3}(\.\d{1,4})?$/.test(f.percent.trim()) || Number(f.percent) <= 0 || Number(f.percent) > 100) errors.percent = 'Percent must be above 0 and at most 100, with at most 4 decimals';
  if (f.feeTypes.length === 0) errors.feeTypes = 'Choose at least one fee type';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(f.effectiveFrom)) errors.effectiveFrom = 'Effective from must be a date';
  return errors;
}

const FeeTypes = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 16px;
  border: 0;
  padding: 0;
  label { display: inline-flex; gap: 6px; align-items: center; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const TaxGrid = styled.div`
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
`;

/** The admin's tax rates: each taxes the lines of its fee types on invoices issued from its date (drafts are re-taxed; sent invoices keep theirs). */
function TaxRates() {
  const taxes = useTaxRates();
  const save = useSaveTaxRate();
  const remove = useDeleteTaxRate();
  const [form, setForm] = useState<TaxForm>(emptyTaxForm);
  const [errors, setErrors] = useState<Partial<Record<keyof TaxForm, string>>>({});
  const submit = () => {
    const found = validateTaxForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate({ id: form.id, body: { name: form.name.trim(), percent: form.percent.trim(), feeTypes: form.feeTypes, effectiveFrom: form.effectiveFrom } }, { onSuccess: () => setForm(emptyTaxForm()) });
  };
  const columns: DataColumn<TaxRate>[] = [
    { key: 'name', header: 'Tax', primary: true, cell: (t) => t.name },
    { key: 'percent', header: 'Percent', nowrap: true, cell: (t) => `${t.percent}%` },
    { key: 'types', header: 'Fee Types', cell: (t) => t.feeTypes.map((x) => INVOICE_ITEM_TYPE_LABELS[x]).join(', ') },
    { key: 'from', header: 'Effective From', nowrap: true, cell: (t) => formatDate(t.effectiveFrom) ?? t.effectiveFrom },
    {
      key: 'actions',
      header: 'Actions',
      cell: (t) => (
        <Buttons>
          <Button $variant="outline" onClick={() => setForm({ id: t.id, name: t.name, percent: t.percent, feeTypes: [...t.feeTypes], effectiveFrom: t.effectiveFrom })} aria-label={`Edit ${t.name}`}>
            Edit
          </Button>
          <Button $variant="outline" onClick={() => remove.mutate(t.id)} disabled={remove.isPending} aria-label={`Remove ${t.name}`}>
            Remove
          </Button>
        </Buttons>
      ),
    },
  ];
  const toggle = (type: InvoiceItemType) => setForm((f) => ({ ...f, feeTypes: f.feeTypes.includes(type) ? f.feeTypes.filter((x) => x !== type) : [...f.feeTypes, type] }));
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" id="tax-rates">
          Tax Rates
        </CardTitle>
        <CardDescription>Each tax is computed per invoice line of its fee types, rounded half-up to the cent, on invoices issued from its date. Drafts follow a change; sent invoices keep the tax they were sent with.</CardDescription>
      </CardHeader>
      <DataTable columns={columns} rows={taxes.data ?? []} rowKey={(t) => t.id} loading={taxes.isLoading} labelledBy="tax-rates" rowTestId="tax-rate-row" empty={<p style={{ padding: 16 }}>{taxes.isError ? 'Tax rates could not be loaded. Reload the page to try again.' : NO_TAX_RATES}</p>} />
      <CardContent>
        <Action aria-labelledby="tax-form-title">
          <h3 id="tax-form-title">{form.id ? `Edit ${form.name || 'tax rate'}` : 'Add a tax rate'}</h3>
          <TaxGrid>
            <Field>
              <Label htmlFor="tax-name">Name</Label>
              <Input id="tax-name" value={form.name} maxLength={100} onChange={(e) => setForm({ ...form, name: e.target.value })} aria-invalid={Boolean(errors.name)} placeholder="GST" />
              {errors.name ? <FieldError>{errors.name}</FieldError> : null}
            </Field>
            <Field>
              <Label htmlFor="tax-percent">Percent</Label>
              <Input id="tax-percent" inputMode="decimal" value={form.percent} onChange={(e) => setForm({ ...form, percent: e.target.value })} aria-invalid={Boolean(errors.percent)} placeholder="5" />
              {errors.percent ? <FieldError>{errors.percent}</FieldError> : null}
            </Field>
            <Field>
              <Label htmlFor="tax-from">Effective From</Label>
              <Input id="tax-from" type="date" value={form.effectiveFrom} onChange={(e) => setForm({ ...form, effectiveFrom: e.target.value })} aria-invalid={Boolean(errors.effectiveFrom)} />
              {errors.effectiveFrom ? <FieldError>{errors.effectiveFrom}</FieldError> : null}
            </Field>
          </TaxGrid>
          <FeeTypes aria-label="Fee types">
            {INVOICE_ITEM_TYPES.map((type) => (
              <label key={type}>
                <input type="checkbox" checked={form.feeTypes.includes(type)} onChange={() => toggle(type)} />
                {INVOICE_ITEM_TYPE_LABELS[type]}
              </label>
            ))}
          </FeeTypes>
          {errors.feeTypes ? <FieldError>{errors.feeTypes}</FieldError> : null}
          <Buttons>
            <RunButton icon={Percent} onClick={submit} pending={save.isPending} busy="Saving...">
              {form.id ? 'Save Tax Rate' : 'Add Tax Rate'}
            </RunButton>
            {form.id ? (
              <Button $variant="outline" onClick={() => setForm(emptyTaxForm())}>
                Cancel
              </Button>
            ) : null}
          </Buttons>
        </Action>
      </CardContent>
    </Card>
  );
}
