import type { ScanMatch, ScanResponse } from '@midway/contracts';
import { ITEM_STATUS_LABELS } from '@midway/contracts/vocab';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Code, Input, Label, Optional, statusTone } from '@midway/ui';
import { Inbox, Loader2, PackageCheck, ScanBarcode } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useCarrierName, useRecordArrival, useScan } from '../api/receiving-queries';
import { useKeepFocus } from './keep-focus';
import { enterAction, type ShownScan } from './scan-keys';

export const SCAN_LABEL = 'Tracking number or barcode';

const Box = styled.form`
  display: flex;
  gap: 8px;
  input { font-family: ${({ theme }) => theme.fonts.mono}; font-size: ${({ theme }) => theme.fontSizes.md}; height: 48px; }
  button { height: 48px; }
`;

const Hint = styled.p`
  margin-top: 8px;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  kbd { font-family: ${({ theme }) => theme.fonts.mono}; padding: 0 4px; border: 1px solid ${({ theme }) => theme.colors.borderStrong}; border-radius: 4px; }
`;

const Result = styled.section`
  margin-top: 16px;
  display: grid;
  gap: 10px;
  h3 { font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: 650; }
`;

const Matches = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
`;

const Match = styled.li`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto;
  gap: 10px;
  align-items: center;
  padding: 10px 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  p { font-size: ${({ theme }) => theme.fontSizes.sm}; color: ${({ theme }) => theme.colors.textMuted}; overflow-wrap: anywhere; }
  p:first-child { color: ${({ theme }) => theme.colors.text}; font-weight: 600; }
  /* On a phone the button takes a row of its own under the match, wide enough for a thumb. */
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: auto minmax(0, 1fr);
    > button { grid-column: 1 / -1; height: 44px; }
  }
`;

const Key = styled.kbd`
  display: inline-grid;
  place-items: center;
  width: 28px;
  height: 28px;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-weight: 700;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

/** The scan's matches, numbered for the one-key receive; each with its own Receive button. */
function MatchList({ matches, onReceive, busy }: { matches: ScanMatch[]; onReceive(match: ScanMatch): void; busy: boolean }) {
  return (
    <Matches aria-label="Matches">
      {matches.map((m, i) => (
        <Match key={m.itemId} data-testid="scan-match">
          <Key aria-hidden>{i < 9 ? i + 1 : ''}</Key>
          <div>
            <p>{m.itemName}</p>
            <p>
              {m.projectName} · Client: {m.clientName} · Designer: {m.designerName}
            </p>
            <p>
              <Badge $tone={statusTone(m.status)}>{ITEM_STATUS_LABELS[m.status]}</Badge>
            </p>
          </div>
          <Button onClick={() => onReceive(m)} disabled={busy || m.status === 'delivered'} aria-label={`Receive ${m.itemName}`}>
            <PackageCheck aria-hidden />
            Receive
          </Button>
        </Match>
      ))}
    </Matches>
  );
}

/**
 * The scan box: it holds the focus for a keyboard-wedge scanner (it takes it back after each action and whenever
 * nothing else that takes typing has it), looks the code up on Enter and shows the matches, which receive with one
 * key (see scan-keys.ts) or their button; "Record as unmatched" keeps the parcel for assignment later.
 */
export function ScanDesk() {
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [result, setResult] = useState<ScanResponse | null>(null);
  const [note, setNote] = useState('');
  const scan = useScan();
  const record = useRecordArrival();
  const busy = scan.isPending || record.isPending;

  // The box keeps the focus for the scanner, and takes it back after each action unless someone types elsewhere.
  const refocus = useKeepFocus(input);

  const done = () => {
    setResult(null);
    setText('');
    setNote('');
    refocus();
  };
  const withNote = <T extends object>(body: T) => (note.trim() ? { ...body, notes: note.trim() } : body);
  const receive = (match: ScanMatch) => {
    if (!result) return;
    record.mutate(withNote({ code: result.code, itemId: match.itemId }), { onSuccess: done, onSettled: refocus });
  };
  const recordUnmatched = () => {
    if (!result) return;
    record.mutate(withNote({ code: result.code }), { onSuccess: done, onSettled: refocus });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const shown: ShownScan | null = result ? { code: result.code, matchCount: result.matches.length } : null;
    const action = enterAction(text, shown);
    if (action.kind === 'receive') return receive(result!.matches[action.index]!);
    if (action.kind === 'unmatched') return recordUnmatched();
    if (action.kind === 'scan') {
      scan.mutate(action.code, {
        onSuccess: (found) => {
          setResult(found);
          setText('');
        },
        onSettled: refocus,
      });
    }
  };

  const carrier = useCarrierName(result?.carrierId);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Scan</CardTitle>
        <CardDescription>Scan the parcel's label or type its tracking number, then Enter.</CardDescription>
      </CardHeader>
      <CardContent>
        <Box onSubmit={submit} role="search" aria-label="Scan a parcel">
          <Input
            ref={input}
            aria-label={SCAN_LABEL}
            placeholder="Scan or type a tracking number"
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={200}
          />
          <Button type="submit" disabled={busy} aria-label="Look up">
            {scan.isPending ? <Loader2 aria-hidden /> : <ScanBarcode aria-hidden />}
          </Button>
        </Box>
        {result ? (
          <Result aria-live="polite" aria-label="Scan result">
            <h3>
              <Code>{result.trackingNumber || result.code}</Code>
              {carrier ? ` · ${carrier}` : ''} — {result.matches.length === 0 ? 'no matching item' : result.matches.length === 1 ? '1 match' : `${result.matches.length} matches`}
            </h3>
            {result.matches.length ? <MatchList matches={result.matches} onReceive={receive} busy={busy} /> : null}
            <div>
              <Label htmlFor="arrival-note">
                Arrival note <Optional>(optional)</Optional>
              </Label>
              <Input id="arrival-note" value={note} onChange={(e) => setNote(e.target.value)} placeholder="e.g. Box crushed on one corner" maxLength={5000} />
            </div>
            <Actions>
              <Button $variant="outline" onClick={recordUnmatched} disabled={busy}>
                <Inbox aria-hidden />
                Record as unmatched
              </Button>
              <Button $variant="ghost" onClick={done} disabled={busy}>
                Clear
              </Button>
            </Actions>
            <Hint>
              {result.matches.length ? (
                <>
                  Type a match's number and <kbd>Enter</kbd> to receive it{result.matches.length === 1 ? ' (or scan the parcel again)' : ''}; <kbd>0</kbd> <kbd>Enter</kbd> records it as unmatched.
                </>
              ) : (
                <>
                  No item has this tracking number. <kbd>0</kbd> <kbd>Enter</kbd> records the parcel as unmatched, to assign it to an item later.
                </>
              )}
            </Hint>
          </Result>
        ) : null}
      </CardContent>
    </Card>
  );
}
