import type { BulkImportResponse, PurchaseOrder } from '@midway/contracts';
import { Button, Field, FormAlert, formatMoney, isUnauthorizedError, Label, serverMessage, toast } from '@midway/ui';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@midway/ui/dialog';
import { Select } from '@midway/ui/select';
import { Download, Loader2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { itemsApi } from '../api/items-api';
import { purchaseOrdersApi } from '../api/purchase-orders-api';
import { PurchaseOrderPreview } from './purchase-order-preview';
import { useProjects, useRefreshItems } from '../api/items-queries';
import { droppedMessage, fileKind, importErrorMessage, MESSAGES, PREVIEW_ROWS, rowsToItems, skippedMessage, TEMPLATE_CSV, type DroppedValue, type ImportRow } from './csv-import';

const Preview = styled.ol`
  list-style: none;
  display: grid;
  gap: 4px;
  max-height: 240px;
  overflow-y: auto;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: 8px 12px;
  li { overflow-wrap: anywhere; }
  span { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Progress = styled.progress`
  width: 100%;
  height: 8px;
`;

const RowErrors = styled.ul`
  display: grid;
  gap: 4px;
  max-height: 200px;
  overflow-y: auto;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.danger};
  padding-left: 18px;
`;

const Changes = styled.div`
  display: grid;
  gap: 4px;
  max-height: 160px;
  overflow-y: auto;
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.badge.yellow.bg};
  color: ${({ theme }) => theme.badge.yellow.fg};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  ul { padding-left: 18px; display: grid; gap: 2px; }
  li { overflow-wrap: anywhere; }
`;

const Stack = styled.div`
  display: grid;
  gap: 14px;
`;

export interface ImportItemsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** 'po' is the Items page's Upload PO: a vendor's PDF is read by logistics, a CSV goes on to the bulk import. */
  mode?: 'csv' | 'po';
  projectId?: string;
}

/** Offers the template as a file download. */
export function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([TEMPLATE_CSV], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'items-template.csv';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A file's text (FileReader where Blob.text is missing, as in older browsers and jsdom). */
function readText(file: File): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

/** What reading a file gave: the items, each one's row in the file, and what the import will leave out. */
export interface ReadFile {
  ok: true;
  items: ImportRow[];
  rows: number[];
  skipped: number[];
  dropped: DroppedValue[];
}

/** Reads a chosen file into items, or says why not (its messages). papaparse loads here, on first use. */
export async function readItemsFile(file: File): Promise<ReadFile | { ok: false; message: string; details?: string[] }> {
  const kind = fileKind(file);
  if (kind === 'pdf') return { ok: false, message: MESSAGES.pdf };
  if (kind === 'other') return { ok: false, message: MESSAGES.unsupported };
  const mod = await import('papaparse');
  // papaparse is CommonJS: its namespace is the default export under webpack, the module itself elsewhere.
  const Papa = (mod as unknown as { default?: typeof mod }).default ?? mod;
  const text = await readText(file);
  // Blank lines are kept (rowsToItems passes over them), so the rows it names are the file's own row numbers.
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false });
  // A row with a different number of fields is still read; a broken quote is a failure to report.
  const fatal = parsed.errors.filter((e) => e.type === 'Quotes');
  if (fatal.length > 0) return { ok: false, message: MESSAGES.parseFailed, details: fatal.map((e) => `Row ${(e.row ?? 0) + 1}: ${e.message}`) };
  return rowsToItems(parsed.data);
}

/** Import Items from File. */
export default function ImportItemsDialog({ open, onOpenChange, mode = 'csv', projectId }: ImportItemsDialogProps) {
  const projects = useProjects();
  const refresh = useRefreshItems();
  const fileInputId = useId();
  const [target, setTarget] = useState(projectId ?? '');
  const [fileName, setFileName] = useState<string | null>(null);
  const [items, setItems] = useState<ImportRow[]>([]);
  // Each item's row in the file, and what the import leaves out: said in the preview before anything is sent.
  const [fileRows, setFileRows] = useState<number[]>([]);
  const [left, setLeft] = useState<{ skipped: number[]; dropped: DroppedValue[] }>({ skipped: [], dropped: [] });
  const [problem, setProblem] = useState<{ message: string; details?: string[] } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [refused, setRefused] = useState<BulkImportResponse['errorDetails']>([]);
  // Upload PO with a PDF: what logistics read from it, imported as a whole.
  const [po, setPo] = useState<PurchaseOrder | null>(null);
  useEffect(() => setTarget(projectId ?? ''), [projectId]);
  const busy = progress !== null && progress < 100;

  const uploadPdf = async (file: File) => {
    if (!target) return setProblem({ message: MESSAGES.noProject });
    setProgress(0);
    try {
      const read = await purchaseOrdersApi.upload(target, file, (sent, total) => setProgress(total > 0 ? Math.min(99, Math.round((sent / total) * 100)) : 50));
      setProgress(null);
      setPo(read);
    } catch (error) {
      setProgress(null);
      if (!isUnauthorizedError(error)) setProblem({ message: serverMessage(error) ?? MESSAGES.parseFailed });
    }
  };

  const importPo = async (order: PurchaseOrder) => {
    setProblem(null);
    setProgress(50);
    try {
      const result = await purchaseOrdersApi.import(order.id);
      setProgress(100);
      await refresh();
      // Imported before (here, from the project page, or in another tab): nothing new, and the answer says when.
      if (result.alreadyImportedAt) {
        toast({ title: 'Nothing new imported', description: result.message ?? 'Already imported: its items are on the Items page.' });
        setPo(null);
        onOpenChange(false);
        return;
      }
      toast({ title: 'Success', description: `Successfully imported ${result.items.length} items`, variant: 'success' });
      if (result.errors > 0) {
        setRefused(result.errorDetails);
        toast({ title: 'Import Error', description: importErrorMessage(result.errors, result.errorDetails), variant: 'destructive' });
        return;
      }
      setPo(null);
      onOpenChange(false);
    } catch (error) {
      setProgress(null);
      if (!isUnauthorizedError(error)) {
        setProblem({ message: serverMessage(error) ?? MESSAGES.importFailed });
        toast({ title: 'Error', description: MESSAGES.importFailed, variant: 'destructive' });
      }
    }
  };

  const choose = async (file: File | undefined) => {
    setPo(null);
    setItems([]);
    setLeft({ skipped: [], dropped: [] });
    setRefused([]);
    setProblem(null);
    setProgress(null);
    if (!file) return;
    setFileName(file.name);
    if (mode === 'po' && fileKind(file) === 'pdf') return uploadPdf(file);
    try {
      const read = await readItemsFile(file);
      if (!read.ok) {
        setProblem({ message: read.message, details: 'details' in read ? read.details : undefined });
        if (read.message === MESSAGES.parseFailed) toast({ title: 'Error', description: MESSAGES.parseFailed, variant: 'destructive' });
        return;
      }
      setItems(read.items);
      setFileRows(read.rows);
      setLeft({ skipped: read.skipped, dropped: read.dropped });
      if (read.items.length === 0) return setProblem({ message: MESSAGES.noItems });
      toast({ title: 'Success', description: `Parsed ${read.items.length} items from ${file.name}`, variant: 'success' });
    } catch {
      setProblem({ message: MESSAGES.parseFailed });
      toast({ title: 'Error', description: MESSAGES.parseFailed, variant: 'destructive' });
    }
  };

  const importAll = async () => {
    if (!target) return setProblem({ message: MESSAGES.noProject });
    if (items.length === 0) return setProblem({ message: MESSAGES.noItems });
    setProblem(null);
    setRefused([]);
    setProgress(50);
    try {
      const result = await itemsApi.bulkImport(target, items);
      setProgress(100);
      // What was sent is done: importing again must not add the good rows twice.
      setItems([]);
      setLeft({ skipped: [], dropped: [] });
      await refresh();
      if (result.errors > 0) {
        // The server numbers the rows it was sent; the designer knows the file's rows.
        setRefused(result.errorDetails.map((d) => ({ ...d, row: fileRows[d.row - 1] ?? d.row })));
        const message = importErrorMessage(result.errors, result.errorDetails);
        toast({ title: 'Import Error', description: message, variant: 'destructive' });
        if (result.items.length > 0) toast({ title: 'Success', description: `Successfully imported ${result.items.length} items`, variant: 'success' });
        return;
      }
      toast({ title: 'Success', description: `Successfully imported ${result.items.length} items`, variant: 'success' });
      onOpenChange(false);
    } catch (error) {
      setProgress(null);
      if (!isUnauthorizedError(error)) {
        setProblem({ message: MESSAGES.importFailed });
        toast({ title: 'Error', description: MESSAGES.importFailed, variant: 'destructive' });
      }
    }
  };

  const editable = (projects.data ?? []).filter((p) => p.access !== 'viewer');
  const title = mode === 'po' ? 'Upload Purchase Order' : 'Import Items from File';
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent width="640px" aria-describedby="import-description">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription id="import-description">
          {mode === 'po' ? 'Upload a vendor’s purchase order or acknowledgement as a PDF, or a CSV file with one item per row.' : 'Upload a CSV file with one item per row.'} CSV columns: name (or
          item), supplier, quantity, price, schedule_number, tracking_number, notes, product_url.
        </DialogDescription>
        <Stack>
          <Field>
            <Label htmlFor="import-project">Project</Label>
            <Select
              id="import-project"
              aria-label="Project"
              value={target || undefined}
              onValueChange={setTarget}
              disabled={Boolean(projectId) || busy}
              placeholder="Select a project"
              options={(projectId ? (projects.data ?? []).filter((p) => p.id === projectId) : editable).map((p) => ({ value: p.id, label: p.name }))}
            />
          </Field>
          <Field>
            <Label htmlFor={fileInputId}>File</Label>
            <input id={fileInputId} type="file" accept={mode === 'po' ? '.csv,text/csv,.pdf,application/pdf' : '.csv,text/csv'} disabled={busy} onChange={(e) => void choose(e.target.files?.[0])} />
          </Field>
          <div>
            <Button $variant="link" $size="sm" onClick={downloadTemplate}>
              <Download aria-hidden />
              Download template CSV
            </Button>
          </div>
          {problem ? (
            <FormAlert>
              {problem.message}
              {problem.details?.length ? (
                <>
                  <br />
                  {problem.details.join('; ')}
                </>
              ) : null}
            </FormAlert>
          ) : null}
          {po ? <PurchaseOrderPreview po={po} /> : null}
          {items.length > 0 ? (
            <section aria-label="Preview">
              <p style={{ fontWeight: 600, marginBottom: 6 }}>
                Preview ({items.length} item{items.length === 1 ? '' : 's'} from {fileName})
              </p>
              <Preview data-testid="import-preview" tabIndex={0} aria-label="Rows to import">
                {items.slice(0, PREVIEW_ROWS).map((item, i) => (
                  <li key={i}>
                    {item.name}
                    <span>
                      {item.supplier ? ` · ${item.supplier}` : ''}
                      {item.quantity ? ` · Qty ${item.quantity}` : ''}
                      {item.price ? ` · ${formatMoney(item.price)}` : ''}
                    </span>
                  </li>
                ))}
                {items.length > PREVIEW_ROWS ? <li>... and {items.length - PREVIEW_ROWS} more items</li> : null}
              </Preview>
            </section>
          ) : null}
          {left.skipped.length > 0 || left.dropped.length > 0 ? (
            <section aria-label="What the import leaves out">
              <Changes data-testid="import-changes" tabIndex={0} aria-label="Rows skipped and values not kept">
                {left.skipped.length > 0 ? <p>{skippedMessage(left.skipped)}</p> : null}
                {left.dropped.length > 0 ? (
                  <>
                    <p>
                      {left.dropped.length} value{left.dropped.length === 1 ? '' : 's'} cannot be kept:
                    </p>
                    <ul>
                      {left.dropped.map((d) => (
                        <li key={`${d.row}-${d.field}`}>{droppedMessage(d)}</li>
                      ))}
                    </ul>
                  </>
                ) : null}
              </Changes>
            </section>
          ) : null}
          {progress !== null ? <Progress aria-label={po === null && items.length === 0 ? 'Upload progress' : 'Import progress'} max={100} value={progress} /> : null}
          {refused.length > 0 ? (
            <section aria-label="Rows not imported">
              <p style={{ fontWeight: 600 }}>{refused.length} rows were not imported:</p>
              <RowErrors data-testid="import-row-errors" tabIndex={0} aria-label="Refused rows">
                {refused.map((d, i) => (
                  <li key={i}>{importErrorMessage(1, [d]).split('\n')[1]}</li>
                ))}
              </RowErrors>
            </section>
          ) : null}
        </Stack>
        <DialogFooter>
          <Button $variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            {refused.length > 0 ? 'Close' : 'Cancel'}
          </Button>
          <Button onClick={() => void (po ? importPo(po) : importAll())} disabled={busy || !!po?.linkedPurchaseOrderId}>
            {busy ? <Loader2 aria-hidden /> : null}
            Import {po ? `${po.lines.length} Items` : items.length > 0 ? `${items.length} Items` : 'Items'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
