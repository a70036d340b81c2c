// What the points expiry draft will do (issue 34), said before saving and asked again on a save that
// changes the rule: when the next night run is (the franchise's clock), what it expires and reminds,
// and the clients already past the delay with the day they lose their points. The figures are the
// server's preview (machines/expiry-settings); this only words them.
import { css } from 'styled-system/css'
import type { ExpirySettingsView } from '../../../machines/expiry-settings/expiry-settings.view'
import type { ExpiryPreview } from '../../domain/expiry'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/Dialog'
import { useClock } from '../../ui/i18n/clock'
import { styles, useT } from './parts'

export function ExpiryPreviewNote({ view, onRetry }: { view: ExpirySettingsView; onRetry: () => void }) {
  const t = useT()
  const clock = useClock()
  if (!view.isOn) return null
  if (view.isPreviewFailed)
    return (
      <div role="alert" className={styles.alert}>
        <p>{t('expiry.preview.failed')}</p>
        <Button variant="outline" tone="neutral" onClick={onRetry}>
          {t('franchise.retry')}
        </Button>
      </div>
    )
  const p = view.preview
  if (!p?.nextRunAt)
    return view.isPreviewing ? (
      <p role="status" className={styles.muted}>
        {t('expiry.preview.counting')}
      </p>
    ) : null
  return (
    <section aria-label={t('expiry.preview.title')} className={note}>
      <p>{t('expiry.preview.nextRun', { at: clock.dateTime(p.nextRunAt) })}</p>
      <p>
        {p.expiring.points > 0
          ? t('expiry.preview.expiring', { points: p.expiring.points, clients: p.expiring.clients })
          : t('expiry.preview.expiringNone')}
      </p>
      {view.hasReminder && <p>{t('expiry.preview.reminding', { clients: p.reminding })}</p>}
      {isWaiting(p) && (
        <p>
          {t('expiry.preview.overdue', {
            clients: p.overdue.clients,
            points: p.overdue.points,
            date: clock.date(p.overdue.expiresOn),
          })}
        </p>
      )}
    </section>
  )
}

/** The clients past the delay keep their points past the next run (reminded first). */
const isWaiting = (p: ExpiryPreview) => p.overdue.clients > 0 && p.overdue.expiresOn !== p.nextRunDay

/** The confirmation of a save that changes the rule, with the preview's figures. */
export function ExpiryConfirmDialog({
  view,
  onConfirm,
  onCancel,
}: {
  view: ExpirySettingsView
  onConfirm: () => void
  onCancel: () => void
}) {
  const t = useT()
  const clock = useClock()
  const p = view.preview
  if (!p?.nextRunAt) return null
  const at = clock.dateTime(p.nextRunAt)
  const description = isWaiting(p)
    ? t('expiry.confirm.overdue', {
        at,
        clients: p.overdue.clients,
        points: p.overdue.points,
        date: clock.date(p.overdue.expiresOn),
      })
    : p.expiring.points > 0
      ? t('expiry.confirm.expiring', { at, points: p.expiring.points, clients: p.expiring.clients })
      : t('expiry.confirm.none', { at })
  return (
    <ConfirmDialog
      open={view.isConfirming}
      destructive={p.expiring.points > 0}
      title={t('expiry.confirm.title')}
      description={description}
      confirmLabel={t('expiry.confirm.save')}
      onConfirm={onConfirm}
      onOpenChange={(open) => {
        if (!open && view.isConfirming) onCancel()
      }}
    />
  )
}

const note = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  p: '3',
  borderRadius: 'l2',
  bg: 'bg.subtle',
  fontSize: 'sm',
})
