import type { CustodyView } from '@midway/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, isUnauthorizedError } from '@midway/ui';
import { useRef, useState } from 'react';
import { custodyApi } from '../api/custody-api';
import { useRefreshCustody } from '../api/custody-queries';
import type { StartCamera } from '../scan/camera-scan-dialog';
import { ScanField } from '../scan/scan-field';
import { problemOf, ScanLog, useLog } from '../scan/scan-log';
import { nextPutAwayStep, type PendingItem } from './put-away-pairing';

export const PUT_AWAY_SCAN_LABEL = 'Item or location label';

const pieceOf = (item: PendingItem, view: CustodyView) => (item.piece && view.piecesExpected > 1 ? ` (piece ${item.piece} of ${view.piecesExpected})` : '');

export const FIRST_LINE = "Scan an item's label, then the label of the place it goes.";

/**
 * Put away and move, by two scans in a row with a hand scanner or the camera: the item's label, then the location's.
 * After each pair the screen says what happened ("Sofa → B-12"); a refusal says what to scan next. The box keeps the
 * focus throughout, so a shelf of items goes away without touching the screen.
 */
export function PutAway({ camera }: { camera?: StartCamera } = {}) {
  const { lines, say } = useLog(FIRST_LINE);
  const pending = useRef<{ item: PendingItem; view: CustodyView } | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = useRefreshCustody();

  const onScan = async (code: string) => {
    const step = nextPutAwayStep(pending.current?.item ?? null, code);
    if (step.kind === 'refuse') return say('problem', step.message);
    setBusy(true);
    try {
      if (step.kind === 'item') {
        const view = await custodyApi.item(step.item.itemId);
        if (!view.inCustody) {
          pending.current = null;
          return say('problem', `${view.itemName} is not in the warehouse's custody${view.endedAt ? ' any more' : ' yet'}. Receive it at the desk first, or scan another item.`);
        }
        pending.current = { item: step.item, view };
        const where = view.location ? `, now at ${view.location.code}` : '';
        return say('next', `${view.itemName}${pieceOf(step.item, view)}${where} — scan the place it goes.`);
      }
      const before = pending.current!;
      const after = await custodyApi.move(step.item.code, step.locationCode);
      pending.current = null;
      const from = before.view.location?.code;
      if (from === step.locationCode) say('done', `${after.itemName} is already at ${step.locationCode}: nothing changed.`);
      else say('done', `${after.itemName} → ${step.locationCode}${from ? ` (from ${from})` : ''}`);
      void refresh();
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      if (step.kind === 'item') say('problem', problemOf(error, "Could not look the item up. Check the connection and scan its label again."));
      else say('problem', `${problemOf(error, 'Could not record the move. Check the connection and scan the place again.')} ${pending.current ? `${pending.current.view.itemName} still waits: scan the place it goes.` : ''}`.trim());
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Put away</CardTitle>
        <CardDescription>Scan the item's label, then the place's. Works with a hand scanner or the camera.</CardDescription>
      </CardHeader>
      <CardContent>
        <ScanField label={PUT_AWAY_SCAN_LABEL} placeholder="Scan a label" cameraWhat="item's or place's label" onScan={onScan} busy={busy} camera={camera} />
        <ScanLog lines={lines} label="Put-away result" />
      </CardContent>
    </Card>
  );
}
