import type { FormEvent } from 'react'
import { css, cx } from 'styled-system/css'
import { link } from 'styled-system/recipes'
import type { ConfirmationEvent, Plan } from '../../../machines/confirmation/confirmation.machine'
import type { ConfirmationView } from '../../../machines/confirmation/confirmation.view'
import { Button } from '../../ui/Button'
import type { MessageId } from '../../ui/i18n/messages'
import { CheckCircleIcon, WarningIcon } from '../../ui/icons'
import { Spinner } from '../../ui/Spinner'
import { AuthLayout, authStyles, FormAlert } from './AuthLayout'
import { Highlights } from './Highlights'
import { useAuthMessages } from './messages'
import { TermsOfService } from './TermsOfService'

export interface ConfirmationPageProps {
  view: ConfirmationView
  send: (event: ConfirmationEvent) => void
  onLogout: () => void
}

const STEPS: MessageId[] = ['auth.confirmation.steps.terms', 'auth.confirmation.steps.subscription']

/** Account confirmation (/pages/confirmation): accept the terms, then subscribe. Presentational. */
export function ConfirmationPage({ view, send, onLogout }: ConfirmationPageProps) {
  const { t } = useAuthMessages()
  const current = view.step === 'terms' ? 0 : 1
  return (
    <AuthLayout
      width="wide"
      title={t('auth.confirmation.title')}
      subtitle={t('auth.confirmation.subtitle')}
      footer={
        <button type="button" className={link({ tone: 'muted' })} onClick={onLogout}>
          {t('auth.confirmation.logout')}
        </button>
      }
    >
      <ol
        className={styles.steps}
        aria-label={t('auth.confirmation.step', { current: current + 1, total: 2 })}
      >
        {STEPS.map((id, index) => (
          <li
            key={id}
            className={cx(styles.step, index === current && styles.current, index < current && styles.past)}
            aria-current={index === current ? 'step' : undefined}
          >
            <span className={styles.stepNumber}>{index < current ? <CheckCircleIcon /> : index + 1}</span>
            {t(id)}
          </li>
        ))}
      </ol>
      {view.step === 'terms' && <TermsStep view={view} send={send} />}
      {view.step === 'offer' && <OfferStep view={view} send={send} />}
      {view.step === 'unavailable' && (
        <div className={styles.notice} role="status">
          <WarningIcon />
          <div>
            <h2 className={styles.noticeTitle}>{t('auth.confirmation.unavailableTitle')}</h2>
            <p>{t('auth.confirmation.unavailableDescription')}</p>
          </div>
        </div>
      )}
    </AuthLayout>
  )
}

function TermsStep({ view, send }: Omit<ConfirmationPageProps, 'onLogout'>) {
  const { t } = useAuthMessages()
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    send({ type: 'confirmation.accept' })
  }
  return (
    <form className={authStyles.form} onSubmit={submit} aria-busy={view.isAccepting || undefined}>
      <TermsOfService />
      <FormAlert
        message={view.error}
        onRetry={view.canRetry ? () => send({ type: 'confirmation.retry' }) : undefined}
      />
      <label className={styles.checkbox}>
        <input
          type="checkbox"
          name="accept"
          checked={view.accepted}
          disabled={!view.canToggle}
          onChange={(event) => send({ type: 'confirmation.toggle', accepted: event.currentTarget.checked })}
        />
        <span>{t('auth.confirmation.accept')}</span>
      </label>
      <Button type="submit" size="lg" fullWidth disabled={!view.canAccept} loading={view.isAccepting}>
        {t('auth.confirmation.continue')}
      </Button>
    </form>
  )
}

function OfferStep({ view, send }: Omit<ConfirmationPageProps, 'onLogout'>) {
  const { t } = useAuthMessages()
  if (view.isLoadingOffer)
    return (
      <p className={styles.loading} role="status">
        <Spinner />
        {t('auth.confirmation.loadingOffer')}
      </p>
    )
  if (!view.plan)
    return (
      <FormAlert
        message={view.error}
        onRetry={view.canRetry ? () => send({ type: 'confirmation.retry' }) : undefined}
      />
    )
  return (
    <div className={authStyles.actions}>
      <PlanCard plan={view.plan} />
      <Button
        size="lg"
        fullWidth
        disabled={!view.canSubscribe}
        loading={view.isRedirecting}
        onClick={() => send({ type: 'confirmation.subscribe' })}
      >
        {t('auth.confirmation.subscribe')}
      </Button>
      {view.isRedirecting && (
        <p className={styles.redirecting} role="status">
          {t('auth.confirmation.redirecting')}
        </p>
      )}
    </div>
  )
}

/** The plan and its price in the user's language and the plan's currency (EUR, CAD, USD, CHF). */
export function PlanCard({ plan }: { plan: Plan }) {
  const { t, intl } = useAuthMessages()
  const price = intl.formatNumber(plan.amountCents / 100, { style: 'currency', currency: plan.currencyCode })
  return (
    <section className={styles.plan} aria-labelledby="plan-title">
      <p className={styles.planEyebrow}>{t('auth.confirmation.plan.title')}</p>
      <h2 id="plan-title" className={styles.planName}>
        {plan.name}
      </h2>
      <p className={styles.price}>{t('auth.confirmation.plan.price', { price })}</p>
      <p className={styles.billing}>{t('auth.confirmation.plan.billing')}</p>
      <Highlights className={styles.features} />
    </section>
  )
}

const styles = {
  steps: css({ display: 'flex', gap: '6', flexWrap: 'wrap', textStyle: 'sm', color: 'fg.subtle' }),
  step: css({ display: 'inline-flex', alignItems: 'center', gap: '2', fontWeight: 'medium' }),
  current: css({ color: 'accent.text', fontWeight: 'semibold' }),
  past: css({ color: 'success.text' }),
  stepNumber: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '6',
    height: '6',
    borderRadius: 'full',
    borderWidth: '1px',
    borderColor: 'currentColor',
    textStyle: 'xs',
    '& svg': { width: '4', height: '4' },
  }),
  checkbox: css({
    display: 'flex',
    alignItems: 'flex-start',
    gap: '3',
    textStyle: 'md',
    fontWeight: 'medium',
    cursor: 'pointer',
    '& input': { width: '5', height: '5', mt: '0.5', accentColor: 'accent.solid', cursor: 'pointer' },
    '& input:disabled': { cursor: 'not-allowed' },
  }),
  loading: css({ display: 'flex', alignItems: 'center', gap: '3', color: 'fg.muted', textStyle: 'md' }),
  redirecting: css({ color: 'fg.muted', textStyle: 'sm', textAlign: 'center' }),
  plan: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '2',
    p: '6',
    borderWidth: '1px',
    borderColor: 'accent.border',
    borderRadius: 'l3',
    bg: 'accent.subtle',
  }),
  planEyebrow: css({
    textStyle: 'xs',
    fontWeight: 'semibold',
    textTransform: 'uppercase',
    letterSpacing: '0.08em',
    color: 'accent.text',
  }),
  planName: css({ textStyle: 'xl', fontWeight: 'bold', color: 'fg.default' }),
  price: css({ textStyle: '3xl', fontWeight: 'bold', color: 'fg.default' }),
  billing: css({ textStyle: 'sm', color: 'fg.muted' }),
  features: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '2',
    mt: '2',
    '& li': { display: 'flex', alignItems: 'center', gap: '2', color: 'fg.default' },
    '& svg': { width: '5', height: '5', color: 'success.text', flexShrink: '0' },
  }),
  notice: css({
    display: 'flex',
    gap: '3',
    p: '4',
    borderRadius: 'l3',
    bg: 'warning.subtle',
    color: 'warning.text',
    '& > svg': { width: '6', height: '6', flexShrink: '0' },
  }),
  noticeTitle: css({ fontWeight: 'semibold', textStyle: 'md', mb: '1' }),
}
