// The counter's redeem page (issue 34): a field for the code the customer gives (a counter's QR
// scanner types the QR code's address into it, which works too), the coupon found — what it gives,
// whose it is, until when, its state — and "Redeem" while it is active.
import type { FormEvent } from 'react'
import { css } from 'styled-system/css'
import type { CouponRedeemEvent } from '../../../machines/coupon-redeem/coupon-redeem.machine'
import type { CouponRedeemView } from '../../../machines/coupon-redeem/coupon-redeem.view'
import { formatCouponCode } from '../../domain/coupons'
import { Button } from '../../ui/Button'
import { useCouponValue } from '../../ui/CounterCoupon'
import { TextField } from '../../ui/Field'
import { useClock } from '../../ui/i18n/clock'
import type { MessageId } from '../../ui/i18n/messages'
import { useT } from '../../ui/i18n/t'
import { ErrorPanel } from '../../ui/Panels'
import { Spinner } from '../../ui/Spinner'

const STATES: Record<string, MessageId> = {
  active: 'coupons.redeem.state.active',
  claimed: 'coupons.redeem.state.claimed',
  expired: 'coupons.redeem.state.expired',
}

export function CouponRedeemPage({
  view,
  send,
}: {
  view: CouponRedeemView
  send: (e: CouponRedeemEvent) => void
}) {
  const t = useT()
  const clock = useClock()
  const value = useCouponValue()
  const c = view.coupon
  const find = (e: FormEvent) => {
    e.preventDefault()
    send({ type: 'coupon.find' })
  }
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('coupons.redeem.title')}</h1>
      <form className={styles.form} onSubmit={find}>
        <TextField
          label={t('coupons.redeem.code')}
          helperText={t('coupons.redeem.codeHint')}
          value={view.typed}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          onChange={(e) => send({ type: 'coupon.type', value: e.currentTarget.value })}
        />
        <Button type="submit" disabled={!view.canFind} loading={view.isLoading}>
          {t('coupons.redeem.find')}
        </Button>
      </form>
      {view.isLoading && <Spinner />}
      {view.isNotFound && (
        <p role="alert" className={styles.error}>
          {t('coupons.redeem.notFound')}
        </p>
      )}
      {view.isFailed && (
        <ErrorPanel message={t('coupons.redeem.loadFailed')} onRetry={() => send({ type: 'coupon.retry' })} />
      )}
      {c && (
        <section className={styles.card} aria-label={c.header}>
          <h2 className={styles.h2}>{c.header}</h2>
          <dl className={styles.info}>
            <dt>{t('coupons.redeem.codeLabel')}</dt>
            <dd className={styles.code}>{formatCouponCode(c.code)}</dd>
            {value(c) && (
              <>
                <dt>{t('coupons.redeem.value')}</dt>
                <dd>{value(c)}</dd>
              </>
            )}
            <dt>{t('coupons.redeem.client')}</dt>
            <dd>{c.clientName || '—'}</dd>
            <dt>{t('coupons.redeem.expires')}</dt>
            <dd>{clock.longDate(c.expiresAt)}</dd>
            <dt>{t('coupons.redeem.stateLabel')}</dt>
            <dd>{t(STATES[c.state] ?? 'coupons.redeem.state.active')}</dd>
          </dl>
          {c.termsOfUse && <p className={styles.muted}>{c.termsOfUse}</p>}
          {view.isRedeemed && <p role="status">{t('coupons.redeem.done')}</p>}
          {view.refusal && !view.isRedeemed && (
            <p role="alert" className={styles.error}>
              {t('coupons.redeem.refused')}
            </p>
          )}
          {view.isRedeemFailed && (
            <ErrorPanel message={t('coupons.redeem.failed')} onRetry={() => send({ type: 'coupon.retry' })} />
          )}
          {(view.canRedeem || view.isRedeeming) && (
            <Button size="lg" loading={view.isRedeeming} onClick={() => send({ type: 'coupon.redeem' })}>
              {t('coupons.redeem.submit')}
            </Button>
          )}
        </section>
      )}
    </div>
  )
}

const styles = {
  page: css({ display: 'flex', flexDir: 'column', gap: '4', p: { base: '4', md: '6' }, maxW: '40rem' }),
  title: css({ fontSize: '2xl', fontWeight: 'bold' }),
  form: css({ display: 'flex', gap: '3', alignItems: 'flex-end', flexWrap: { base: 'wrap', sm: 'nowrap' } }),
  card: css({
    display: 'flex',
    flexDir: 'column',
    gap: '3',
    p: '4',
    bg: 'bg.default',
    borderWidth: '1px',
    borderRadius: 'l3',
  }),
  h2: css({ fontSize: 'lg', fontWeight: 'semibold' }),
  info: css({
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    gap: '2',
    '& dt': { color: 'fg.muted' },
  }),
  code: css({ fontFamily: 'mono', fontWeight: 'bold', letterSpacing: 'wider' }),
  muted: css({ color: 'fg.muted', fontSize: 'sm', whiteSpace: 'pre-line' }),
  error: css({ color: 'danger.text', fontWeight: 'medium' }),
}
