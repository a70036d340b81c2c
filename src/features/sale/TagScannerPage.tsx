// What the tag scanner screen shows: the store, the tag's QR code (the scan page's address) and the
// points waiting to be collected with their countdown, or an invitation to scan.
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import type { TagScannerView } from '../../../machines/tag-scanner/tag-scanner.view'
import { formatCountdown, formatMoney } from '../../domain/sale'
import { scanUrl } from '../../domain/scan'
import { Button } from '../../ui/Button'
import { QrCode } from '../../ui/QrCode'
import { useT } from './parts'

export function TagScannerPage({
  view,
  origin,
  onRetry,
}: {
  view: TagScannerView
  origin: string
  onRetry: () => void
}) {
  const intl = useIntl()
  const t = useT()
  const { tag, pending } = view
  // Without the store's code the address would be refused for a visit: no QR code until it is read.
  const url = tag && view.code ? scanUrl(origin, tag.tagId, view.code) : null
  return (
    <main className={styles.page}>
      <title>{`${tag?.storeName ?? t('scanner.screen.title')} · ${intl.formatMessage({ id: 'app.name' })}`}</title>
      {view.isLoading && <p className={styles.status}>{t('scanner.screen.loading')}</p>}
      {view.isLoadFailed && (
        <div role="alert" className={styles.status}>
          <p>{t('scanner.screen.loadError')}</p>
          <Button variant="outline" onClick={onRetry}>
            {t('scanner.screen.retry')}
          </Button>
        </div>
      )}
      {tag && (
        <>
          <header className={styles.header}>
            <p className={styles.store}>{tag.storeName}</p>
            <h1 className={styles.title}>{t('scanner.screen.title')}</h1>
          </header>
          <div className={styles.body}>
            {url ? (
              <QrCode text={url} label={t('scanner.screen.qr', { tag: tag.name })} className={styles.qr} />
            ) : (
              <p role="status" className={styles.qrPending}>
                {t('scanner.screen.codeLoading')}
              </p>
            )}
            <section aria-live="polite" className={styles.panel} data-pending={pending ? '' : undefined}>
              {pending ? (
                <>
                  <p className={styles.points}>{t('scanner.screen.pending', { points: pending.points })}</p>
                  <p className={styles.amount}>
                    {t('scanner.screen.amount', {
                      amount: formatMoney(pending.amountCents, pending.currencyCode, intl.locale),
                    })}
                  </p>
                  <p role="timer" aria-live="off" className={styles.countdown}>
                    {t('scanner.screen.countdown', { time: formatCountdown(view.remaining ?? 0) })}
                  </p>
                </>
              ) : (
                <p className={styles.waiting}>{t('scanner.screen.waiting')}</p>
              )}
            </section>
          </div>
          {url && <p className={styles.link}>{t('scanner.screen.link', { url })}</p>}
          {view.isStale && (
            <p role="status" className={styles.stale}>
              {t('scanner.screen.stale')}
            </p>
          )}
        </>
      )}
    </main>
  )
}

const styles = {
  page: css({
    minH: '100dvh',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: { base: '6', md: '10' },
    p: { base: '6', md: '12' },
    bg: 'bg.canvas',
    textAlign: 'center',
  }),
  status: css({ display: 'grid', gap: '4', justifyItems: 'center', textStyle: 'xl', color: 'fg.muted' }),
  header: css({ display: 'grid', gap: '2' }),
  store: css({ textStyle: { base: 'lg', md: '2xl' }, color: 'fg.muted' }),
  title: css({ textStyle: { base: '3xl', md: '5xl' }, fontWeight: 'bold' }),
  body: css({
    display: 'flex',
    flexDirection: { base: 'column', lg: 'row' },
    alignItems: 'center',
    gap: { base: '6', md: '12' },
  }),
  qr: css({ width: { base: '64', md: '96' }, height: 'auto', borderRadius: 'l3', boxShadow: 'lg' }),
  qrPending: css({
    display: 'grid',
    placeItems: 'center',
    width: { base: '64', md: '96' },
    aspectRatio: 'square',
    borderRadius: 'l3',
    bg: 'bg.subtle',
    color: 'fg.muted',
  }),
  panel: css({
    display: 'grid',
    gap: '3',
    minW: { base: 'auto', md: '96' },
    p: { base: '6', md: '10' },
    borderRadius: 'l3',
    bg: 'bg.subtle',
    '&[data-pending]': { bg: 'accent.subtle' },
  }),
  points: css({ textStyle: { base: '4xl', md: '6xl' }, fontWeight: 'bold', color: 'accent.text' }),
  amount: css({ textStyle: { base: 'lg', md: '2xl' } }),
  countdown: css({ textStyle: { base: 'xl', md: '3xl' }, fontVariantNumeric: 'tabular-nums' }),
  waiting: css({ textStyle: { base: 'xl', md: '3xl' }, maxW: '30ch' }),
  link: css({ textStyle: 'sm', color: 'fg.muted', wordBreak: 'break-all' }),
  stale: css({ textStyle: 'sm', color: 'warning.text' }),
}
