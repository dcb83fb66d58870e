import { Button, Label } from '@midway/ui';
import { useEffect, useRef, type PointerEvent } from 'react';
import styled from 'styled-components';

const Pad = styled.canvas`
  display: block;
  width: 100%;
  height: 160px;
  touch-action: none;
  border: 1px dashed ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  margin-bottom: 6px;
`;

/**
 * The receiver signs with a finger or a pen on the phone: strokes on a canvas, handed up as a PNG data URL after
 * each stroke (null once cleared). Works with mouse, touch and pen alike (pointer events).
 */
export function SignaturePad({ onChange }: { onChange(dataUrl: string | null): void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);

  useEffect(() => {
    const c = canvas.current;
    const ctx = c?.getContext?.('2d');
    if (!c || !ctx) return;
    // Draw at the screen's resolution, so the signature stays sharp on a phone.
    const ratio = window.devicePixelRatio || 1;
    c.width = c.clientWidth * ratio;
    c.height = c.clientHeight * ratio;
    ctx.scale(ratio, ratio);
    ctx.lineWidth = 2;
    ctx.lineCap = 'round';
    ctx.strokeStyle = '#111827';
  }, []);

  const at = (e: PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top] as const;
  };
  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    const ctx = e.currentTarget.getContext?.('2d');
    if (!ctx) return;
    drawing.current = true;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    ctx.beginPath();
    ctx.moveTo(...at(e));
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    const ctx = e.currentTarget.getContext?.('2d');
    if (!drawing.current || !ctx) return;
    ctx.lineTo(...at(e));
    ctx.stroke();
  };
  const up = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    drawing.current = false;
    onChange(e.currentTarget.toDataURL('image/png'));
  };
  const clear = () => {
    const c = canvas.current;
    c?.getContext?.('2d')?.clearRect(0, 0, c.width, c.height);
    onChange(null);
  };

  return (
    <div>
      <Head>
        <Label htmlFor="signature-pad">Signature</Label>
        <Button type="button" $variant="ghost" $size="sm" onClick={clear}>
          Clear
        </Button>
      </Head>
      <Pad id="signature-pad" ref={canvas} aria-label="Signature: sign here with a finger or a pen" onPointerDown={down} onPointerMove={move} onPointerUp={up} onPointerLeave={up} />
    </div>
  );
}
