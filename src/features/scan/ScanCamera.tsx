// The camera reading a tag's QR code: the video the camera actor fills, what it read, and a refusal.

import { Button } from '../../ui/Button'
import { s, useT } from './parts'
import type { ScanPageProps } from './ScanPage'

export function ScanCamera({ view, send }: ScanPageProps) {
  const t = useT()
  const camera = view.camera
  return (
    <section aria-label={t('pages.scan.camera.label')} className={s.card}>
      {camera?.isDenied ? (
        <p role="alert" className={s.error}>
          {t('pages.scan.errors.camera')}
        </p>
      ) : (
        <>
          <p>{t('pages.scan.camera.hint')}</p>
          {/* The machine waits for this element before it starts the camera. */}
          <video
            className={s.video}
            muted
            playsInline
            aria-label={t('pages.scan.camera.label')}
            ref={(el) => {
              if (el && camera?.isOpening) send({ type: 'camera.video', video: el })
            }}
          />
          {camera?.unreadable && (
            <p role="alert" className={s.warning}>
              {t('pages.scan.camera.unreadable')}
            </p>
          )}
        </>
      )}
      <Button variant="outline" size="lg" className={s.wide} onClick={() => send({ type: 'camera.close' })}>
        {t('pages.scan.camera.close')}
      </Button>
    </section>
  )
}
