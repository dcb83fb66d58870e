import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@midway/ui/dialog';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { labelHints } from './label-formats';

/** A running camera decoder; stop() releases the camera. */
export interface CameraControls {
  stop(): void;
}
/** Starts decoding the camera's picture into `video`, calling onCode with each code read. */
export type StartCamera = (video: HTMLVideoElement, onCode: (code: string) => void) => Promise<CameraControls>;

/**
 * The phone's back camera read by ZXing (QR for item labels, Code 128 for location labels). The library loads only
 * when the camera is opened, so the scan screens stay light for hand scanners.
 */
export const zxingCamera: StartCamera = async (video, onCode) => {
  const [{ BrowserMultiFormatReader }, zxing] = await Promise.all([import('@zxing/browser'), import('@zxing/library')]);
  const reader = new BrowserMultiFormatReader(labelHints(zxing));
  return reader.decodeFromConstraints({ audio: false, video: { facingMode: 'environment' } }, video, (result) => {
    if (result) onCode(result.getText());
  });
};

/** Why the camera could not start, and what to do instead. */
export function cameraFailure(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  if (typeof navigator !== 'undefined' && !navigator.mediaDevices) return 'This page cannot use the camera (it needs a secure https address). Use a hand scanner or type the code.';
  if (name === 'NotAllowedError' || name === 'SecurityError') return "The camera was not allowed. Allow it in the browser's site settings and try again, or type the code.";
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera was found. Use a hand scanner or type the code.';
  if (name === 'NotReadableError') return 'The camera is in use by another app. Close it and try again, or type the code.';
  return 'The camera could not start. Try again, or use a hand scanner or type the code.';
}

const Video = styled.video`
  display: block;
  width: 100%;
  max-height: 60dvh;
  aspect-ratio: 4 / 3;
  object-fit: cover;
  background: #000;
  border-radius: ${({ theme }) => theme.radii.md};
`;

const Problem = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** The camera's picture until one code is read; that code goes to onCode and the dialog closes. */
export function CameraScanDialog({ what, onCode, onClose, start = zxingCamera }: { what: string; onCode(code: string): void; onClose(): void; start?: StartCamera }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let controls: CameraControls | null = null;
    let done = false;
    const read = (code: string) => {
      if (done) return;
      done = true;
      controls?.stop();
      onCode(code);
    };
    start(video.current!, read).then(
      (c) => {
        controls = c;
        if (done) c.stop();
      },
      (e: unknown) => setProblem(cameraFailure(e)),
    );
    return () => {
      done = true;
      controls?.stop();
    };
    // Started once per opening; onCode is the caller's latest at the time of the read.
  }, []);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent width="520px" aria-describedby="camera-scan-description">
        <DialogTitle>Scan with the camera</DialogTitle>
        <DialogDescription id="camera-scan-description">Point the camera at the {what}; it reads QR codes and barcodes.</DialogDescription>
        {problem ? <Problem role="alert">{problem}</Problem> : null}
        <Video ref={video} muted playsInline aria-label="Camera picture" />
      </DialogContent>
    </Dialog>
  );
}
