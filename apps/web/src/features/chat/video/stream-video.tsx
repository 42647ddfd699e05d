import { useCallback } from 'react';

/** A video element showing a stream (srcObject cannot be set from JSX; a callback ref sets it on every mount). */
export function StreamVideo({ stream, muted, label, className }: { stream: MediaStream | null; muted: boolean; label: string; className: string }) {
  const ref = useCallback(
    (element: HTMLVideoElement | null) => {
      if (element && element.srcObject !== stream) element.srcObject = stream;
    },
    [stream],
  );
  return <video ref={ref} className={className} autoPlay playsInline muted={muted} aria-label={label} />;
}
