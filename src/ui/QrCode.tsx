// A QR code drawn as one SVG path, computed synchronously by the `qrcode` library (no canvas, no
// effect): the same text always draws the same code, and it scales to any screen.
import { create } from 'qrcode'
import { useMemo } from 'react'

export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = create(text, { errorCorrectionLevel: 'M' })
    let d = ''
    for (let row = 0; row < modules.size; row++)
      for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) d += `M${col} ${row}h1v1h-1z`
    return { size: modules.size, path: d }
  }, [text])
  // A quiet zone of 4 modules around the code, as scanners expect.
  return (
    <svg
      role="img"
      aria-label={label}
      data-qr-text={text}
      viewBox={`-4 -4 ${size + 8} ${size + 8}`}
      className={className}
      shapeRendering="crispEdges"
    >
      <rect x="-4" y="-4" width={size + 8} height={size + 8} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
