// The dashboard's "Getting started" checklist (issue 34 item 4): a new franchise owner's next steps
// after the first store — the loyalty card, the tag's QR poster, a first sale — each ticked by the
// server's answer. Renders the onboarding machine's view and sends its events; nothing here fetches.
import { useActorRef, useSelector } from '@xstate/react'
import { type ComponentType, useId } from 'react'
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import { wasOnboardingHidden } from '../../../machines/onboarding/onboarding.actors'
import { type OnboardingEvent, onboardingMachine } from '../../../machines/onboarding/onboarding.machine'
import {
  type OnboardingStepView,
  type OnboardingView,
  toOnboardingView,
} from '../../../machines/onboarding/onboarding.view'
import { ROUTES } from '../../domain/access'
import { Button } from '../../ui/Button'
import type { MessageId } from '../../ui/i18n/messages'
import { useT } from '../../ui/i18n/t'
import { CheckCircleIcon } from '../../ui/icons'
import { useProvided } from '../../ui/machines/provided'
import { ErrorPanel } from '../../ui/Panels'

/** The sale dialog's button, handed in by the route table (the sale area's own chunk). */
export type FirstSaleButton = ComponentType<{ label: string; onClosed: () => void }>

export interface GettingStartedProps {
  view: OnboardingView
  send: (event: OnboardingEvent) => void
  /** The franchise's card takes a sale's amount at the counter (the "Create a sale" dialog). */
  canCreateSale: boolean
  firstSale?: FirstSaleButton | undefined
}

export function GettingStarted({ view, send, canCreateSale, firstSale }: GettingStartedProps) {
  const t = useT()
  const titleId = useId()
  // While the server is asked, nothing shows: most owners have done every step, and the list would
  // flash on their dashboard before going.
  if (view.isFailed)
    return (
      <section className={styles.box} aria-labelledby={titleId}>
        <h2 id={titleId} className={styles.title}>
          {t('analytics.onboarding.title')}
        </h2>
        <ErrorPanel
          message={t((view.error ?? 'analytics.onboarding.errors.load') as MessageId)}
          onRetry={() => send({ type: 'onboarding.retry' })}
        />
      </section>
    )
  if (!view.isShown) return null
  const percent = Math.round((view.doneCount / view.total) * 100)
  return (
    <section className={styles.box} aria-labelledby={titleId} aria-busy={view.isRefreshing} data-onboarding>
      <header className={styles.header}>
        <div className={styles.heading}>
          <h2 id={titleId} className={styles.title}>
            {t('analytics.onboarding.title')}
          </h2>
          <p className={styles.muted}>{t('analytics.onboarding.intro')}</p>
        </div>
        <Button
          size="sm"
          variant="ghost"
          tone="neutral"
          disabled={!view.canHide}
          onClick={() => send({ type: 'onboarding.hide' })}
        >
          {t('analytics.onboarding.hide')}
        </Button>
      </header>
      <div className={styles.progress}>
        <p className={styles.progressText}>
          {t('analytics.onboarding.progress', { done: view.doneCount, total: view.total })}
        </p>
        <div className={styles.bar} aria-hidden="true">
          <div className={styles.barFill} style={{ width: `${percent}%` }} />
        </div>
      </div>
      <ol className={styles.steps}>
        {view.steps.map((step, index) => (
          <Step
            key={step.id}
            step={step}
            number={index + 1}
            posterStoreId={view.posterStoreId}
            canCreateSale={canCreateSale}
            firstSale={firstSale}
            onSaleClosed={() => send({ type: 'onboarding.refresh' })}
          />
        ))}
      </ol>
    </section>
  )
}

function Step({
  step,
  number,
  posterStoreId,
  canCreateSale,
  firstSale: FirstSale,
  onSaleClosed,
}: {
  step: OnboardingStepView
  number: number
  posterStoreId: string | null
  canCreateSale: boolean
  firstSale: FirstSaleButton | undefined
  onSaleClosed: () => void
}) {
  const t = useT()
  const key = `analytics.onboarding.steps.${step.id}`
  const byAmount = canCreateSale && !!FirstSale
  const text = step.id === 'sale' && !byAmount ? `${key}.textNoAmount` : `${key}.text`
  return (
    <li className={styles.step} data-step={step.id} data-done={step.done || undefined}>
      <span className={styles.marker} data-done={step.done || undefined} aria-hidden="true">
        {step.done ? <CheckCircleIcon /> : number}
      </span>
      <div className={styles.stepBody}>
        <p className={styles.stepTitle}>
          {t(`${key}.title` as MessageId)}
          <span className={styles.srOnly}>
            {` (${t(step.done ? 'analytics.onboarding.done' : 'analytics.onboarding.toDo')})`}
          </span>
        </p>
        {!step.done && <p className={styles.muted}>{t(text as MessageId)}</p>}
      </div>
      {step.done ? (
        <span className={styles.doneLabel} aria-hidden="true">
          {t('analytics.onboarding.done')}
        </span>
      ) : (
        <div className={styles.action}>
          {step.id === 'sale' ? (
            byAmount && FirstSale ? (
              <FirstSale label={t(`${key}.action` as MessageId)} onClosed={onSaleClosed} />
            ) : (
              <StepLink href={ROUTES.clients.path} primary={step.isNext}>
                {t('analytics.onboarding.steps.sale.clients')}
              </StepLink>
            )
          ) : (
            <StepLink href={stepPath(step.id, posterStoreId)} primary={step.isNext}>
              {t(`${key}.action` as MessageId)}
            </StepLink>
          )}
        </div>
      )}
    </li>
  )
}

/** Where a step is done: the stores, the loyalty card, the poster's store and its tags. */
function stepPath(id: OnboardingStepView['id'], posterStoreId: string | null): string {
  if (id === 'card') return ROUTES.loyalty.path
  if (id === 'poster' && posterStoreId) return ROUTES.store.path.replace(':id', posterStoreId)
  return ROUTES.stores.path
}

function StepLink({ href, primary, children }: { href: string; primary: boolean; children: string }) {
  return (
    <Button asChild size="sm" variant={primary ? 'solid' : 'outline'} tone={primary ? undefined : 'neutral'}>
      <Link href={href}>{children}</Link>
    </Button>
  )
}

const styles = {
  box: css({
    bg: 'bg.default',
    borderWidth: '1px',
    borderColor: 'border.default',
    rounded: 'lg',
    p: { base: '4', md: '5' },
    display: 'flex',
    flexDirection: 'column',
    gap: '4',
  }),
  header: css({ display: 'flex', gap: '3', justifyContent: 'space-between', alignItems: 'flex-start' }),
  heading: css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: '0' }),
  title: css({ textStyle: 'lg', fontWeight: 'semibold' }),
  muted: css({ color: 'fg.muted', textStyle: 'sm' }),
  progress: css({ display: 'flex', flexDirection: 'column', gap: '2' }),
  progressText: css({ textStyle: 'sm', fontWeight: 'medium' }),
  bar: css({ h: '2', rounded: 'full', bg: 'bg.muted', overflow: 'hidden' }),
  barFill: css({ h: 'full', bg: 'accent.solid', transition: 'width 0.3s' }),
  steps: css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none', p: '0', m: '0' }),
  step: css({
    display: 'flex',
    flexWrap: { base: 'wrap', md: 'nowrap' },
    alignItems: 'center',
    gap: '3',
    p: '3',
    rounded: 'md',
    borderWidth: '1px',
    borderColor: 'border.default',
    '&[data-done]': { bg: 'bg.subtle' },
  }),
  marker: css({
    flex: 'none',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    w: '8',
    h: '8',
    rounded: 'full',
    borderWidth: '1px',
    borderColor: 'border.default',
    fontWeight: 'semibold',
    textStyle: 'sm',
    '&[data-done]': { borderColor: 'transparent', color: 'success.text' },
    '& svg': { w: '6', h: '6' },
  }),
  // On a phone a step's action goes under its text; a done step keeps its short "Done" beside it.
  stepBody: css({
    flex: '1',
    minWidth: { base: 'calc(100% - 3rem)', md: '0' },
    'li[data-done] &': { minWidth: '0' },
    display: 'flex',
    flexDirection: 'column',
    gap: '1',
  }),
  stepTitle: css({ fontWeight: 'medium' }),
  doneLabel: css({ color: 'success.text', textStyle: 'sm', fontWeight: 'medium' }),
  action: css({ flex: 'none', ml: { base: '11', md: '0' } }),
  srOnly: css({ srOnly: true }),
}

/**
 * The checklist on its machine, for the franchise on the dashboard (a new machine per franchise:
 * `key` it by the franchise). Only a franchise owner sets a franchise up: the container decides.
 */
export function GettingStartedSection({
  franchiseId,
  canCreateSale,
  firstSale,
}: {
  franchiseId: string | null
  canCreateSale: boolean
  firstSale?: FirstSaleButton | undefined
}) {
  const machine = useProvided(onboardingMachine)
  const actor = useActorRef(machine, { input: { franchiseId, wasHidden: wasOnboardingHidden(franchiseId) } })
  const view = useSelector(actor, toOnboardingView)
  return <GettingStarted view={view} send={actor.send} canCreateSale={canCreateSale} firstSale={firstSale} />
}
