// The customer scan page: the franchise's theme (colours as CSS variables), its logo and the store,
// then the step the scan machine is in. Mobile first: one column, large touch targets.
import type { FormEvent } from 'react'
import { useIntl } from 'react-intl'
import type { ScanEvent } from '../../../machines/scan/scan.machine'
import type { ScanView } from '../../../machines/scan/scan.view'
import { Button } from '../../ui/Button'
import { TextField } from '../../ui/Field'
import type { MessageId } from '../../ui/i18n/messages'
import { franchiseThemeStyle } from '../../ui/public-page'
import { Spinner } from '../../ui/Spinner'
import { NewsList, OfferList, s, useMoney, useT } from './parts'
import { ScanCamera } from './ScanCamera'
import { ScanDone } from './ScanDone'

export type ScanPageProps = { view: ScanView; send: (event: ScanEvent) => void }

export function ScanPage({ view, send }: ScanPageProps) {
  const t = useT()
  const theme = view.theme
  const style = franchiseThemeStyle(theme)
  const info = view.info
  return (
    <main className={s.page} style={style} aria-labelledby="scan-title" data-step={view.step}>
      <header className={s.header}>
        {info?.franchise.logo && <img src={info.franchise.logo} alt="" className={s.logo} />}
        <div>
          <p className={s.franchise}>{info?.franchise.name}</p>
          <h1 id="scan-title" className={s.title}>
            {t('pages.scan.title')}
          </h1>
          <p className={s.store}>{info?.store.name}</p>
        </div>
      </header>
      <div className={s.body}>
        <Step view={view} send={send} />
      </div>
    </main>
  )
}

function Step({ view, send }: ScanPageProps) {
  const t = useT()
  switch (view.step) {
    case 'loading':
      return (
        <p role="status" className={s.status}>
          <Spinner /> {t('pages.scan.loading')}
        </p>
      )
    case 'notFound':
      return (
        <section aria-labelledby="scan-not-found" className={s.card}>
          <h2 id="scan-not-found" className={s.h2}>
            {t('pages.scan.notFound.title')}
          </h2>
          <p>{t('pages.scan.notFound.description')}</p>
          <CameraButton send={send} />
        </section>
      )
    case 'loadFailed':
    case 'failed':
      return (
        <section className={s.card}>
          <p role="alert" className={s.error}>
            {t((view.error ?? 'pages.scan.errors.generic') as MessageId)}
          </p>
          <Button size="lg" className={s.primary} onClick={() => send({ type: 'scan.retry' })}>
            {t('pages.scan.retry')}
          </Button>
        </section>
      )
    case 'entering':
      return <Entering view={view} send={send} />
    case 'confirming':
      return <Confirming view={view} send={send} />
    case 'collecting':
      return (
        <p role="status" className={s.status}>
          <Spinner /> {t('pages.scan.collecting')}
        </p>
      )
    case 'done':
      return <ScanDone view={view} send={send} />
    default:
      return <ScanCamera view={view} send={send} />
  }
}

function CameraButton({ send }: { send: ScanPageProps['send'] }) {
  const t = useT()
  return (
    <Button variant="outline" size="lg" className={s.wide} onClick={() => send({ type: 'camera.open' })}>
      {t('pages.scan.camera.open')}
    </Button>
  )
}

/** How the card earns, in the customer's words. */
function useEarning(view: ScanView): string | null {
  const t = useT()
  const intl = useIntl()
  const card = view.info?.card
  if (!card) return null
  const points = card.earnRate
  if (card.loyaltyType === 'PASSAGE' || card.loyaltyType === 'POS_PASSAGE')
    return t('pages.scan.card.passage', { points })
  if (card.loyaltyType === 'POS_PRODUCTS') return t('pages.scan.card.products', { points })
  const currency = intl.formatNumber(1, {
    style: 'currency',
    currency: view.info!.store.currencyCode,
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  })
  return t('pages.scan.card.amount', { points, currency })
}

function Entering({ view, send }: ScanPageProps) {
  const t = useT()
  const money = useMoney()
  const earning = useEarning(view)
  const info = view.info!
  const submit = (e: FormEvent) => {
    e.preventDefault()
    send({ type: 'scan.submit' })
  }
  return (
    <>
      <section aria-label={info.card?.name ?? t('pages.scan.noCard')} className={s.card}>
        {info.card ? (
          <>
            {info.card.image && <img src={info.card.image} alt="" className={s.cardImage} />}
            <h2 className={s.h2}>{info.card.name}</h2>
            <p>{earning}</p>
            {view.isManualAmount && (
              <p className={s.highlight} role="status">
                {info.pending
                  ? t('pages.scan.pending', {
                      points: info.pending.points,
                      amount: money(info.pending.amountCents, info.pending.currencyCode),
                    })
                  : t('pages.scan.noPending')}
              </p>
            )}
          </>
        ) : (
          <p role="alert">{t('pages.scan.noCard')}</p>
        )}
      </section>
      {view.needsCode && (
        <section aria-labelledby="scan-presence" className={s.card}>
          <h2 id="scan-presence" className={s.h2}>
            {t('pages.scan.presence.title')}
          </h2>
          <p role="alert">{t('pages.scan.presence.description')}</p>
        </section>
      )}
      {info.card && !view.needsCode && (
        <form className={s.card} onSubmit={submit} noValidate aria-label={t('pages.scan.submit')}>
          {view.expired && (
            <p role="alert" className={s.warning}>
              {t('pages.scan.confirm.expired')}
            </p>
          )}
          <TextField
            label={t('pages.scan.phone.label')}
            helperText={t('pages.scan.phone.help')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={view.phone}
            invalid={view.phoneError !== null}
            errorText={view.phoneError ? t(view.phoneError as MessageId) : undefined}
            onChange={(e) => send({ type: 'scan.phone', value: e.currentTarget.value })}
            className={s.input}
          />
          {view.isRemembered && (
            <button type="button" className={s.link} onClick={() => send({ type: 'scan.forget' })}>
              {t('pages.scan.phone.notYou')}
            </button>
          )}
          {view.needsReceipt && (
            <TextField
              label={t('pages.scan.receipt.label')}
              helperText={t('pages.scan.receipt.help')}
              value={view.receiptId}
              autoComplete="off"
              required
              invalid={view.receiptError !== null}
              errorText={view.receiptError ? t(view.receiptError as MessageId) : undefined}
              onChange={(e) => send({ type: 'scan.receipt', value: e.currentTarget.value })}
              className={s.input}
            />
          )}
          <Button type="submit" size="lg" className={s.primary}>
            {t('pages.scan.submit')}
          </Button>
        </form>
      )}
      <CameraButton send={send} />
      <NewsList news={view.news} />
      {info.offers.length > 0 && (
        <OfferList title={t('pages.scan.offers.title')} offers={info.offers.map((offer) => ({ offer }))} />
      )}
    </>
  )
}

function Confirming({ view, send }: ScanPageProps) {
  const t = useT()
  return (
    <section aria-labelledby="scan-confirm" className={s.card}>
      <h2 id="scan-confirm" className={s.h2}>
        {t('pages.scan.confirm.title')}
      </h2>
      <p className={s.phone}>{view.phone}</p>
      {view.needsReceipt && <p>{view.receiptId}</p>}
      <p role="timer" aria-live="polite" className={s.countdown}>
        {t('pages.scan.confirm.countdown', { seconds: view.remaining })}
      </p>
      <div className={s.actions}>
        <Button size="lg" className={s.primary} onClick={() => send({ type: 'scan.validate' })}>
          {t('pages.scan.confirm.validate')}
        </Button>
        <Button size="lg" variant="outline" className={s.wide} onClick={() => send({ type: 'scan.cancel' })}>
          {t('pages.scan.confirm.cancel')}
        </Button>
      </div>
    </section>
  )
}
