// After collecting: the points credited; the new balance, the offers (now and next) and the active
// coupons once this device proved the phone (issue 24 #4: else a one-time code first); and the opinion
// form (rating 1–5 and a comment) with its own sending / sent / failed states.
import type { FormEvent } from 'react'
import { useIntl } from 'react-intl'
import { RATINGS } from '../../domain/opinions'
import { Button } from '../../ui/Button'
import { CounterCoupon } from '../../ui/CounterCoupon'
import { PhoneCodeForm } from '../../ui/PhoneCodeForm'
import { Spinner } from '../../ui/Spinner'
import { NewsList, OfferList, s, useT } from './parts'
import type { ScanPageProps } from './ScanPage'

export function ScanDone({ view, send }: ScanPageProps) {
  const t = useT()
  const r = view.result!
  const shown = view.card.state === 'shown'
  return (
    <>
      <section aria-labelledby="scan-done" className={s.card}>
        <h2 id="scan-done" className={s.h2}>
          {shown && r.firstName
            ? t('pages.scan.done.titleNamed', { name: r.firstName })
            : t('pages.scan.done.title')}
        </h2>
        <p role="status" className={s.points}>
          {t('pages.scan.done.points', { points: r.points })}
        </p>
        {shown && r.balance !== null && (
          <p className={s.balance}>{t('pages.scan.done.balance', { balance: r.balance })}</p>
        )}
      </section>
      {shown ? <OwnerCard view={view} /> : <ProveCard view={view} send={send} />}
      <NewsList news={view.news} />
      <Opinion view={view} send={send} />
    </>
  )
}

/** The card is the phone owner's: a code sent to the phone opens it on this device. */
function ProveCard({ view, send }: ScanPageProps) {
  const t = useT()
  const { state, phoneCode } = view.card
  return (
    <section aria-labelledby="scan-card" className={s.card}>
      <h2 id="scan-card" className={s.h2}>
        {t('pages.scan.card.title')}
      </h2>
      {state === 'hidden' && (
        <>
          <p className={s.muted}>{t('pages.scan.card.why')}</p>
          <Button onClick={() => send({ type: 'card.reveal' })}>{t('pages.scan.card.reveal')}</Button>
        </>
      )}
      {state === 'proving' && phoneCode && (
        <>
          <PhoneCodeForm actor={phoneCode} />
          <Button variant="ghost" onClick={() => send({ type: 'card.hide' })}>
            {t('pages.scan.card.later')}
          </Button>
        </>
      )}
      {state === 'loading' && (
        <p role="status" aria-label={t('pages.scan.card.loading')}>
          <Spinner />
        </p>
      )}
      {state === 'failed' && (
        <>
          <p role="alert">{t('pages.scan.card.failed')}</p>
          <Button onClick={() => send({ type: 'card.retry' })}>{t('pages.scan.card.retry')}</Button>
        </>
      )}
    </section>
  )
}

function OwnerCard({ view }: Pick<ScanPageProps, 'view'>) {
  const t = useT()
  const intl = useIntl()
  const r = view.result!
  return (
    <>
      {r.redeemable.length > 0 && (
        <OfferList
          title={t('pages.scan.offers.redeemable')}
          offers={r.redeemable.map((offer) => ({ offer }))}
        />
      )}
      {r.upcoming.length > 0 && <OfferList title={t('pages.scan.offers.upcoming')} offers={r.upcoming} />}
      {r.coupons.length > 0 && (
        <section aria-label={t('pages.scan.coupons.title')} className={s.card}>
          <h2 className={s.h2}>{t('pages.scan.coupons.title')}</h2>
          <ul className={s.list}>
            {r.coupons.map((c) => (
              <li key={c.id} className={s.item}>
                {c.code ? (
                  // What to show at the counter: its code and QR code (issue 34).
                  <CounterCoupon coupon={{ ...c, code: c.code }} />
                ) : (
                  <>
                    <span className={s.itemName}>{c.header}</span>
                    <span className={s.muted}>
                      {t('pages.scan.coupons.expires', {
                        date: intl.formatDate(c.expiresAt, { dateStyle: 'medium' }),
                      })}
                    </span>
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  )
}

function Opinion({ view, send }: ScanPageProps) {
  const t = useT()
  const o = view.opinion
  if (o.state === 'sent')
    return (
      <section className={s.card}>
        <p role="status" className={s.h2}>
          {t('pages.scan.opinion.sent')}
        </p>
      </section>
    )
  const busy = o.state === 'sending'
  const submit = (e: FormEvent) => {
    e.preventDefault()
    send({ type: 'opinion.send' })
  }
  return (
    <form aria-labelledby="scan-opinion" className={s.card} onSubmit={submit}>
      <h2 id="scan-opinion" className={s.h2}>
        {t('pages.scan.opinion.title')}
      </h2>
      <fieldset className={s.stars} disabled={busy}>
        <legend className={s.srOnly}>{t('pages.scan.opinion.rating')}</legend>
        {RATINGS.map((rating) => (
          <label
            key={rating}
            className={s.star}
            data-on={o.rating !== null && rating <= o.rating ? '' : undefined}
          >
            <input
              type="radio"
              name="rating"
              value={rating}
              className={s.srOnly}
              checked={o.rating === rating}
              onChange={() => send({ type: 'opinion.rate', rating })}
            />
            <span className={s.srOnly}>{t('pages.scan.opinion.star', { rating })}</span>
            <span aria-hidden="true">★</span>
          </label>
        ))}
      </fieldset>
      <label className={s.actions}>
        <span>{t('pages.scan.opinion.comment')}</span>
        <textarea
          className={s.textarea}
          value={o.comment}
          maxLength={1000}
          disabled={busy}
          onChange={(e) => send({ type: 'opinion.comment', value: e.currentTarget.value })}
        />
      </label>
      {o.state === 'failed' && (
        <p role="alert" className={s.error}>
          {t('pages.scan.opinion.failed')}
        </p>
      )}
      <Button type="submit" size="lg" className={s.primary} disabled={!o.canSend} loading={busy}>
        {t('pages.scan.opinion.send')}
      </Button>
    </form>
  )
}
