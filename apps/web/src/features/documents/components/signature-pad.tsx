import { useImperativeHandle, useRef, useState, type PointerEvent as ReactPointerEvent, type Ref } from 'react';
import { Button } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';

/** What the page can ask of the pad. */
export interface SignaturePadApi {
  /** The drawing as a PNG, or null when nothing was drawn. */
  toBlob(): Promise<Blob | null>;
  clear(): void;
}

const WIDTH = 600;
const HEIGHT = 200;

/**
 * A signature pad: a canvas drawn with the mouse, a finger or a pen (pointer events), cleared
 * with 'Borrar'. `onChange` says whether there is ink; `ref` gives the drawing as a PNG.
 */
export function SignaturePad({ ref, onChange, labelledBy }: { ref?: Ref<SignaturePadApi>; onChange: (hasInk: boolean) => void; labelledBy: string }) {
  const { t } = useTranslation('documents');
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef<{ id: number; x: number; y: number } | null>(null);
  const [hasInk, setHasInk] = useState(false);

  const clear = () => {
    canvas.current?.getContext('2d')?.clearRect(0, 0, WIDTH, HEIGHT);
    setHasInk(false);
    onChange(false);
  };

  useImperativeHandle(
    ref,
    () => ({
      toBlob: () =>
        new Promise<Blob | null>((resolve) => {
          if (!hasInk || !canvas.current) resolve(null);
          else canvas.current.toBlob((blob) => resolve(blob), 'image/png');
        }),
      clear,
    }),
  );

  // Where the pointer is, in the canvas's own pixels (the canvas is scaled to the page's width).
  const point = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return { x: ((e.clientX - box.left) * WIDTH) / box.width, y: ((e.clientY - box.top) * HEIGHT) / box.height };
  };

  const stroke = (from: { x: number; y: number }, to: { x: number; y: number }, pressure: number) => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    ctx.strokeStyle = '#0b2a5b';
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.lineWidth = 1.5 + 2.5 * (pressure > 0 ? pressure : 0.5);
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.lineTo(to.x + 0.01, to.y + 0.01);
    ctx.stroke();
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    const p = point(e);
    drawing.current = { id: e.pointerId, ...p };
    stroke(p, p, e.pressure);
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const last = drawing.current;
    if (!last || last.id !== e.pointerId) return;
    const p = point(e);
    stroke(last, p, e.pressure);
    drawing.current = { id: e.pointerId, ...p };
    if (!hasInk) {
      setHasInk(true);
      onChange(true);
    }
  };
  const onPointerUp = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (drawing.current?.id === e.pointerId) drawing.current = null;
  };

  return (
    <div className="signature-pad">
      <canvas
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        className="signature-canvas"
        role="img"
        aria-labelledby={labelledBy}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      />
      <Button variant="secondary" onClick={clear}>
        {t('signature.clear')}
      </Button>
    </div>
  );
}
