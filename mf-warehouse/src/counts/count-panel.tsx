import type { Count, CountReport, CountScanResult } from '@midway/contracts';
import { normalizeLocationCode, parseItemCode } from '@midway/contracts/custody-codes';
import { ApiError, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, isUnauthorizedError } from '@midway/ui';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@midway/ui/dialog';
import { useRef, useState } from 'react';
import styled from 'styled-components';
import { custodyApi } from '../api/custody-api';
import { useRefreshCustody } from '../api/custody-queries';
import { ScanField } from '../scan/scan-field';
import { problemOf, ScanLog, useLog } from '../scan/scan-log';

export const COUNT_SCAN_LABEL = 'Location or item label';
export const COUNT_FIRST_LINE = "Scan the label of the place to count (or type its code, e.g. B-12), then every item's label there.";

const Report = styled.section`
  margin-top: 16px;
  display: grid;
  gap: 8px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
  h3 { font-size: ${({ theme }) => theme.fontSizes.md}; font-weight: 650; margin: 0; }
  ul { margin: 0; padding-left: 20px; }
`;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
  margin-top: 12px;
`;

/** "Found 11 of 12 (91.67 %)". */
export const accuracyLine = (r: Pick<CountReport, 'expected' | 'found' | 'accuracy'>) => `Found ${r.found} of ${r.expected} expected (${r.accuracy} % accurate)`;

/**
 * A cycle count at the shelf: scan the place's label to start (an open count there is taken up again), then each
 * item's label; closing reports what was expected and not found, what was found but recorded elsewhere (moved here
 * when staff confirm), and the place's accuracy.
 */
export function CountPanel() {
  const { lines, say } = useLog(COUNT_FIRST_LINE);
  const count = useRef<Count | null>(null);
  const [current, setCurrent] = useState<Count | null>(null);
  const [elsewhere, setElsewhere] = useState<CountScanResult[]>([]);
  const [closing, setClosing] = useState(false);
  const [report, setReport] = useState<CountReport | null>(null);
  const refresh = useRefreshCustody();
  const open = (c: Count | null) => {
    count.current = c;
    setCurrent(c);
  };

  const start = async (locationCode: string) => {
    try {
      const started = await custodyApi.startCount(locationCode);
      open(started);
      setElsewhere([]);
      setReport(null);
      say('next', `Counting ${started.locationCode}: scan every item's label there, then Close count.`);
    } catch (error) {
      // One open count per place: take it up again rather than refuse.
      if (error instanceof ApiError && error.status === 409) {
        const already = (await custodyApi.counts(locationCode).catch(() => [])).find((c) => c.status === 'open');
        if (already) {
          open(already);
          setReport(null);
          return say('next', `Counting ${already.locationCode} again (started by ${already.startedByName}; ${already.scannedItemIds.length} scanned so far). Scan the rest, then Close count.`);
        }
      }
      throw error;
    }
  };

  const onScan = async (code: string) => {
    try {
      const item = parseItemCode(code);
      const place = item ? null : normalizeLocationCode(code);
      const c = count.current;
      if (!c) {
        if (place) return await start(place);
        return say('problem', item ? "Scan the place's label first, then the items on it." : `“${code.slice(0, 60)}” is not a location code. Scan the place's label (e.g. B-12).`);
      }
      if (place) return say('problem', place === c.locationCode ? `Already counting ${place}: scan the items' labels.` : `You are counting ${c.locationCode}. Close that count before counting ${place}.`);
      if (!item) return say('problem', `“${code.slice(0, 60)}” is not an item label. Scan the QR on the item's label.`);
      const found = await custodyApi.countScan(c.id, code);
      if (found.expectedHere) return say('done', `${found.itemName} ✓ expected here`);
      if (found.expectedLocationCode) {
        setElsewhere((prev) => [...prev.filter((f) => f.itemId !== found.itemId), found]);
        return say('next', `${found.itemName}: recorded at ${found.expectedLocationCode}, found here. Closing can move it here.`);
      }
      return say('next', `${found.itemName}: not recorded at any place, found here. Closing can move it here.`);
    } catch (error) {
      if (!isUnauthorizedError(error)) say('problem', problemOf(error, 'Could not record the scan. Check the connection and scan the label again.'));
    }
  };

  const close = async (confirmMoves: boolean) => {
    const c = count.current!;
    try {
      const r = await custodyApi.closeCount(c.id, { confirmMoves });
      setReport(r);
      open(null);
      setClosing(false);
      setElsewhere([]);
      say('done', `Count of ${r.locationCode} closed. ${accuracyLine(r)}.`);
      void refresh();
    } catch (error) {
      setClosing(false);
      if (!isUnauthorizedError(error)) say('problem', problemOf(error, 'Could not close the count. Check the connection and close it again.'));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Cycle count</CardTitle>
        <CardDescription>Count one place: what should be there, what is, and what is somewhere else.</CardDescription>
      </CardHeader>
      <CardContent>
        <ScanField label={COUNT_SCAN_LABEL} placeholder="Scan a label" cameraWhat="place's or item's label" onScan={onScan} keepFocus={!closing} />
        <ScanLog lines={lines} label="Count result" />
        {current ? (
          <Bar>
            <Button onClick={() => setClosing(true)}>Close count of {current.locationCode}…</Button>
          </Bar>
        ) : null}
        {report ? <CountReportView report={report} /> : null}
      </CardContent>
      {closing && current ? (
        <Dialog open onOpenChange={(o) => !o && setClosing(false)}>
          <DialogContent width="520px" aria-describedby="close-count-description">
            <DialogTitle>Close the count of {current.locationCode}?</DialogTitle>
            <DialogDescription id="close-count-description">
              {elsewhere.length
                ? `${elsewhere.length} ${elsewhere.length === 1 ? 'item was' : 'items were'} found here but recorded elsewhere. Move ${elsewhere.length === 1 ? 'it' : 'them'} to ${current.locationCode}?`
                : 'Items expected here and not scanned are reported missing.'}
            </DialogDescription>
            {elsewhere.length ? (
              <ul aria-label="Found here, recorded elsewhere" style={{ overflowWrap: 'anywhere' }}>
                {elsewhere.map((f) => (
                  <li key={f.itemId}>
                    {f.itemName} (recorded at {f.expectedLocationCode})
                  </li>
                ))}
              </ul>
            ) : null}
            <DialogFooter style={{ flexWrap: 'wrap' }}>
              <Button $variant="outline" onClick={() => setClosing(false)}>
                Keep counting
              </Button>
              {elsewhere.length ? (
                <Button $variant="outline" onClick={() => void close(false)}>
                  Close, don't move
                </Button>
              ) : null}
              <Button onClick={() => void close(elsewhere.length > 0)}>{elsewhere.length ? `Close and move to ${current.locationCode}` : 'Close count'}</Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      ) : null}
    </Card>
  );
}

function CountReportView({ report }: { report: CountReport }) {
  return (
    <Report aria-label={`Count report of ${report.locationCode}`}>
      <h3>
        {report.locationCode}: {accuracyLine(report)}
      </h3>
      {report.missing.length ? (
        <div>
          <p>Missing (expected here, not found):</p>
          <ul aria-label="Missing">
            {report.missing.map((m) => (
              <li key={m.itemId}>{m.itemName}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p>Nothing missing.</p>
      )}
      {report.foundElsewhere.length ? (
        <div>
          <p>{report.movedHere ? `Found here, recorded elsewhere — now moved to ${report.locationCode}:` : 'Found here, recorded elsewhere (not moved):'}</p>
          <ul aria-label="Found elsewhere">
            {report.foundElsewhere.map((m) => (
              <li key={m.itemId}>
                {m.itemName}
                {m.expectedLocationCode ? ` (was ${m.expectedLocationCode})` : ''}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Report>
  );
}
