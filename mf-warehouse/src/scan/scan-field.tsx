import { Button, Input } from '@midway/ui';
import { Camera, Loader2, ScanBarcode } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { CameraScanDialog, type StartCamera } from './camera-scan-dialog';
import { useKeepFocus } from './keep-focus';

const Box = styled.form`
  display: flex;
  gap: 8px;
  min-width: 0;
  input { flex: 1 1 auto; min-width: 0; font-family: ${({ theme }) => theme.fonts.mono}; font-size: ${({ theme }) => theme.fontSizes.md}; height: 48px; }
  button { height: 48px; flex-shrink: 0; }
`;

export interface ScanFieldProps {
  /** The box's accessible name, e.g. 'Item or location label'. */
  label: string;
  placeholder: string;
  /** What the camera is pointed at, for its dialog: 'item or location label'. */
  cameraWhat: string;
  /** Each code, in the order scanned: the next waits for the previous one's promise. */
  onScan(code: string): unknown;
  busy?: boolean;
  /** Off while a dialog of the screen's own (a reason to type) has the focus. */
  keepFocus?: boolean;
  camera?: StartCamera;
}

/**
 * The box a keyboard-wedge scanner types into (its code then Enter), or a camera button on a phone. It keeps the
 * focus (see keep-focus.ts), empties itself after each code so the next scan can follow at once, and hands codes
 * over one at a time in the order they were read, even when a scanner is faster than the network.
 */
export function ScanField({ label, placeholder, cameraWhat, onScan, busy = false, keepFocus = true, camera }: ScanFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [cameraOpen, setCameraOpen] = useState(false);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const refocus = useKeepFocus(input, keepFocus && !cameraOpen);
  const hand = (code: string) => {
    const c = code.trim();
    if (!c) return;
    queue.current = queue.current.then(() => onScan(c)).catch(() => undefined).finally(refocus);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    hand(text);
    setText('');
    refocus();
  };
  return (
    <>
      <Box onSubmit={submit} role="search" aria-label={label}>
        <Input
          ref={input}
          aria-label={label}
          placeholder={placeholder}
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="go"
          maxLength={200}
        />
        <Button type="submit" aria-label="Enter the code" $variant="outline">
          {busy ? <Loader2 aria-hidden /> : <ScanBarcode aria-hidden />}
        </Button>
        <Button type="button" aria-label="Scan with the camera" onClick={() => setCameraOpen(true)}>
          <Camera aria-hidden />
        </Button>
      </Box>
      {cameraOpen ? (
        <CameraScanDialog
          what={cameraWhat}
          start={camera}
          onCode={(code) => {
            setCameraOpen(false);
            hand(code);
          }}
          onClose={() => {
            setCameraOpen(false);
            refocus();
          }}
        />
      ) : null}
    </>
  );
}
