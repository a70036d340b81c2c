// After collecting: the points credited, the new balance, the offers (now and next), the active
// coupons, and the opinion form (rating 1–5 and a comment) with its own sending / sent / failed states.
import type { FormEvent } from 'react'
import { useIntl } from 'react-intl'
import { RATINGS } from '../../domain/opinions'
import { Button } from '../../ui/Button'
import { NewsList, OfferList, s, useT } from './parts'
import type { ScanPageProps } from './ScanPage'

export function ScanDone({ view, send }: ScanPageProps) {
  const t = useT()
  const intl = useIntl()
  const r = view.result!
  return (
    <>
      <section aria-labelledby="scan-done" className={s.card}>
        <h2 id="scan-done" className={s.h2}>
          {r.firstName ? t('pages.scan.done.titleNamed', { name: r.firstName }) : t('pages.scan.done.title')}
        </h2>
        <p role="status" className={s.points}>
          {t('pages.scan.done.points', { points: r.points })}
        </p>
        <p className={s.balance}>{t('pages.scan.done.balance', { balance: r.balance })}</p>
      </section>
      <NewsList news={view.news} />
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
                <span className={s.itemName}>{c.header}</span>
                <span className={s.muted}>
                  {t('pages.scan.coupons.expires', {
                    date: intl.formatDate(c.expiresAt, { dateStyle: 'medium' }),
                  })}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <Opinion view={view} send={send} />
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
