import type { Delivery, PickListEntry, RunLoad } from '@midway/contracts';
import { parseItemCode } from '@midway/contracts/custody-codes';
import { Badge, Button, ButtonLink, Code, Input, isUnauthorizedError, serverMessage, toast } from '@midway/ui';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@midway/ui/dialog';
import { useQueryClient } from '@tanstack/react-query';
import { FileText, Truck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { custodyApi } from '../api/custody-api';
import { custodyKeys, usePickList, useRefreshCustody } from '../api/custody-queries';
import { ScanField } from '../scan/scan-field';
import { problemOf, ScanLog, useLog } from '../scan/scan-log';

export const LOAD_SCAN_LABEL = 'Item label to load';
export const LOAD_FIRST_LINE = "Pick in this order, then scan each piece's label as it goes on the truck.";

const Section = styled.section`
  margin-top: 16px;
  display: grid;
  gap: 8px;
  min-width: 0;
  h3 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.md}; font-weight: 650; }
`;

const Lines = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
`;

const Line = styled.li`
  display: grid;
  grid-template-columns: minmax(52px, auto) minmax(0, 1fr);
  gap: 4px 12px;
  padding: 10px 12px;
  min-width: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
  &[data-ready='true'] { border-color: ${({ theme }) => theme.badge.green.fg}; }
  > code { font-weight: 700; }
  > div { display: grid; gap: 4px; min-width: 0; }
  small { color: ${({ theme }) => theme.colors.textMuted}; }
  form { display: flex; flex-wrap: wrap; gap: 6px; }
  form input { flex: 1 1 160px; min-width: 0; }
`;

const Refusal = styled.p`
  margin: 0;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.badge.red.bg};
  color: ${({ theme }) => theme.badge.red.fg};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;

const isReady = (e: Pick<PickListEntry, 'loadedPieces' | 'piecesExpected' | 'leftBehindReason'>) => e.leftBehindReason !== null || e.loadedPieces.length >= e.piecesExpected;

/** Where a pick list line stands: "2 of 3 pieces loaded", "Loaded ✓", "Left behind: …". */
export function loadState(e: Pick<PickListEntry, 'loadedPieces' | 'piecesExpected' | 'leftBehindReason'>): string {
  if (e.leftBehindReason !== null) return `Left behind: ${e.leftBehindReason}`;
  if (e.loadedPieces.length >= e.piecesExpected) return e.piecesExpected > 1 ? `Loaded ✓ (all ${e.piecesExpected} pieces)` : 'Loaded ✓';
  return e.piecesExpected > 1 ? `${e.loadedPieces.length} of ${e.piecesExpected} pieces loaded` : 'Not loaded';
}

/** What the screen says after a piece is scanned onto the truck. */
export function loadedLine(load: RunLoad, itemId: string): string {
  const item = load.items.find((i) => i.itemId === itemId);
  if (!item) return 'Loaded.';
  const left = load.items.filter((i) => !i.ready).length;
  const rest = left === 0 ? ' Everything on the run is loaded or excepted.' : ` ${left} ${left === 1 ? 'item' : 'items'} to go.`;
  if (item.loadedPieces.length >= item.piecesExpected) return `${item.itemName} loaded ✓${item.piecesExpected > 1 ? ` (all ${item.piecesExpected} pieces)` : ''}.${rest}`;
  return `${item.itemName}: ${item.loadedPieces.length} of ${item.piecesExpected} pieces loaded.${rest}`;
}

/** Excepting one item: it stays in the warehouse with why ("left behind: …"). */
function LeaveBehind({ runId, entry, onDone }: { runId: string; entry: PickListEntry; onDone(load: RunLoad): void }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  if (!open)
    return (
      <div>
        <Button $variant="outline" $size="sm" onClick={() => setOpen(true)} aria-label={`Leave behind: ${entry.itemName}`}>
          Leave behind…
        </Button>
      </div>
    );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setProblem('Say why it stays behind (e.g. "damaged, client informed").');
    setSaving(true);
    try {
      onDone(await custodyApi.leaveBehind(runId, entry.itemId, reason.trim()));
    } catch (error) {
      if (!isUnauthorizedError(error)) setProblem(problemOf(error, 'Could not record it. Check the connection and save again.'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form onSubmit={submit} aria-label={`Why ${entry.itemName} stays behind`}>
      <Input aria-label={`Why ${entry.itemName} stays behind`} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="e.g. Damaged, client informed" maxLength={500} autoFocus />
      <Button type="submit" $size="sm" disabled={saving}>
        Save
      </Button>
      <Button $variant="ghost" $size="sm" onClick={() => setOpen(false)} disabled={saving}>
        Cancel
      </Button>
      {problem ? <small role="alert">{problem}</small> : null}
    </form>
  );
}

/**
 * A run's pick list and load check, for the phone on the dock: the items in location order (and as a PDF), a scan
 * box for each piece going on the truck, what is loaded and what is missing, leaving one behind with why, and taking
 * the run's deliveries out, which the service refuses (409, naming them) while an item is neither loaded nor excepted.
 */
export function RunLoadDialog({ runId, deliveries, onClose }: { runId: string; deliveries: Delivery[]; onClose(): void }) {
  const { data, isError } = usePickList(runId);
  const { lines, say } = useLog(LOAD_FIRST_LINE);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [marking, setMarking] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const refresh = useRefreshCustody();
  const reload = () => queryClient.invalidateQueries({ queryKey: custodyKeys.pickList(runId) });

  const onScan = async (code: string) => {
    try {
      const load = await custodyApi.load(runId, code);
      say('done', loadedLine(load, parseItemCode(code)?.itemId ?? ''));
      setRefusal(null);
      await reload();
    } catch (error) {
      if (!isUnauthorizedError(error)) say('problem', problemOf(error, 'Could not record the load. Check the connection and scan the label again.'));
    }
  };

  const markOut = async (delivery: Delivery) => {
    setMarking(delivery.id);
    try {
      await custodyApi.markOut(delivery.id);
      setRefusal(null);
      toast({ title: 'Out for delivery', description: `${delivery.projectName}: the owner, members and client are e-mailed.`, variant: 'success' });
      await refresh();
    } catch (error) {
      if (!isUnauthorizedError(error)) setRefusal(serverMessage(error) ?? 'Could not mark it out. Check the connection and try again.');
    } finally {
      setMarking(null);
    }
  };

  const entries = data?.items ?? [];
  const missing = entries.filter((e) => !isReady(e));
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent width="720px" aria-describedby="run-load-description">
        <DialogTitle>Pick &amp; load</DialogTitle>
        <DialogDescription id="run-load-description">
          {deliveries.length} {deliveries.length === 1 ? 'delivery' : 'deliveries'} · {entries.length} {entries.length === 1 ? 'item' : 'items'}
          {data ? ` · ${missing.length ? `${missing.length} not loaded yet` : 'all loaded or excepted'}` : ''}
        </DialogDescription>
        <ButtonLink $variant="outline" $size="sm" href={custodyApi.pickListPdfUrl(runId)} target="_blank" rel="noopener">
          <FileText aria-hidden />
          Pick list (PDF)
        </ButtonLink>
        <Section aria-label="Load check">
          <ScanField label={LOAD_SCAN_LABEL} placeholder="Scan a piece's label" cameraWhat="piece's label" onScan={onScan} />
          <ScanLog lines={lines} label="Load result" />
        </Section>
        <Section aria-labelledby="pick-list-title">
          <h3 id="pick-list-title">Pick list, in location order</h3>
          {isError ? <p role="alert">The pick list could not be loaded. Close and open it again.</p> : null}
          <Lines aria-label="Pick list">
            {entries.map((e) => (
              <Line key={e.itemId} data-testid="pick-line" data-ready={isReady(e)}>
                <Code>{e.location?.code ?? '—'}</Code>
                <div>
                  <strong>{e.itemName}</strong>
                  <small>
                    {e.projectName} · {e.clientName}
                  </small>
                  <span>
                    <Badge $tone={isReady(e) ? (e.leftBehindReason ? 'yellow' : 'green') : 'grey'}>{loadState(e)}</Badge>
                  </span>
                  {!isReady(e) ? (
                    <LeaveBehind
                      runId={runId}
                      entry={e}
                      onDone={() => {
                        say('done', `${e.itemName} stays behind; its delivery can go out without it.`);
                        void reload();
                      }}
                    />
                  ) : null}
                </div>
              </Line>
            ))}
          </Lines>
        </Section>
        <Section aria-labelledby="run-out-title">
          <h3 id="run-out-title">Out for delivery</h3>
          {refusal ? <Refusal role="alert">{refusal}</Refusal> : null}
          {deliveries.map((d) => (
            <div key={d.id} style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
              <span style={{ flex: '1 1 180px', minWidth: 0, overflowWrap: 'anywhere' }}>{d.projectName}</span>
              {d.status === 'scheduled' ? (
                <Button $size="sm" disabled={marking !== null} onClick={() => void markOut(d)} aria-label={`Out for delivery: ${d.projectName}`}>
                  <Truck aria-hidden />
                  Out for delivery
                </Button>
              ) : (
                <Badge>{d.status === 'out-for-delivery' ? 'Out for delivery' : d.status}</Badge>
              )}
            </div>
          ))}
        </Section>
      </DialogContent>
    </Dialog>
  );
}
