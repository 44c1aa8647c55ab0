import { useMemo } from 'react';
import { encode } from 'uqr';

/** A QR code drawn as one SVG path (no inline style, no data: URL, so the site's CSP holds). */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const { data } = encode(text, { ecc: 'M', border: 2 });
    const cells = data.flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`M${x} ${y}h1v1h-1z`] : [])));
    return { size: data.length, path: cells.join('') };
  }, [text]);
  return (
    <svg className="staff-qr" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
