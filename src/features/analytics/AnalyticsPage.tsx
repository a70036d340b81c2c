// The analytics dashboard and the demo pages (SPEC §2): the filters (store, period) and the cards,
// each with its own loading, empty, error-with-retry or "choose a store" state. Renders the machine's
// view and sends its events; nothing here fetches or decides.
import { memo, type ReactNode, useId } from 'react'
import { css } from 'styled-system/css'
import type { AnalyticsEvent } from '../../../machines/analytics/analytics.machine'
import type { AnalyticsView, CardView } from '../../../machines/analytics/analytics.view'
import type { Screen } from '../../../machines/analytics/cards'
import type { MessageId } from '../../ui/i18n/messages'
import { useT } from '../../ui/i18n/t'
import { ErrorPanel } from '../../ui/Panels'
import { SelectField } from '../../ui/SelectField'
import { CardContent } from './CardContent'

export interface AnalyticsPageProps {
  view: AnalyticsView
  send: (event: AnalyticsEvent) => void
  screen: Screen
  /** The demo pages (their banner says the figures are the demo franchise's, read-only). */
  isDemo?: boolean
  /** Shown between the title and the cards: a new owner's getting-started checklist (issue 34). */
  gettingStarted?: ReactNode
}

const ALL = 'all'
const WIDE = new Set(['visitsDays', 'clients', 'loyalty'])
/**
 * What a card shows once loaded, so that its skeleton takes the same height and nothing below it moves
 * when the figures arrive: a chart (240 px), a line then a chart, or figures and tables (their own).
 */
const SHAPES: Partial<Record<CardView['id'], 'chart' | 'leadChart'>> = {
  visitsDays: 'chart',
  visitsMonths: 'chart',
  loyalty: 'chart',
  clients: 'leadChart',
  frequency: 'leadChart',
}

export function AnalyticsPage({ view, send, screen, isDemo = false, gettingStarted }: AnalyticsPageProps) {
  const t = useT()
  // The dashboard is titled like its navigation entry; the demo pages say what they show.
  const title = isDemo ? t(`analytics.demo.${screen}` as MessageId) : t('nav.dashboard')
  // Each card's answer is a new view: the filters and the other cards keep their props and are not
  // rendered again (memo), so eleven answers do not draw the whole page eleven times.
  return (
    <div className={styles.page}>
      <title>{`${title} · ${t('app.name')}`}</title>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{title}</h1>
          {/* The same words loading or not (a change of length moved everything below it); the loading
              is said to screen readers, and shown by each card's skeleton. */}
          <p className={styles.subtitle}>{`${t('analytics.title')} · ${t('analytics.subtitle')}`}</p>
          <p className={styles.srOnly} aria-live="polite">
            {view.isLoading ? t('analytics.loading') : ''}
          </p>
        </div>
        <AnalyticsFilters
          stores={view.stores}
          storeId={view.storeId}
          period={view.period}
          periods={view.periods}
          canChooseStore={view.canChooseStore}
          send={send}
        />
      </header>
      {gettingStarted}
      <div className={styles.grid}>
        {view.cards.map((card) => (
          <AnalyticsCard
            key={card.id}
            card={card}
            onRetry={() => send({ type: 'card.retry', card: card.id })}
          />
        ))}
      </div>
    </div>
  )
}

type FiltersProps = Pick<AnalyticsView, 'stores' | 'storeId' | 'period' | 'periods' | 'canChooseStore'> & {
  send: (event: AnalyticsEvent) => void
}

const AnalyticsFilters = memo(function AnalyticsFilters({
  stores,
  storeId,
  period,
  periods,
  canChooseStore,
  send,
}: FiltersProps) {
  const t = useT()
  const storeOptions = [
    { value: ALL, label: t('analytics.filters.allStores') },
    ...stores.map((s) => ({ value: s.id, label: s.name })),
  ]
  const periodOptions = periods.map((days) => ({
    value: String(days),
    label: t('analytics.filters.lastDays', { days }),
  }))
  return (
    <search className={styles.filters} aria-label={t('analytics.filters.label')}>
      {canChooseStore && (
        <SelectField
          label={t('analytics.filters.store')}
          options={storeOptions}
          value={[storeId ?? ALL]}
          onChange={([v]) => send({ type: 'filters.store', storeId: !v || v === ALL ? null : v })}
          className={styles.select}
        />
      )}
      <SelectField
        label={t('analytics.filters.period')}
        options={periodOptions}
        value={[String(period)]}
        onChange={([v]) => v && send({ type: 'filters.period', days: Number(v) })}
        className={styles.select}
      />
    </search>
  )
})

type CardProps = { card: CardView; onRetry: () => void }

/** A card renders again only when its own view changes (its status, data or error), not its retry. */
const sameCard = (a: CardProps, b: CardProps) =>
  a.card.id === b.card.id &&
  a.card.status === b.card.status &&
  a.card.data === b.card.data &&
  a.card.error === b.card.error

export const AnalyticsCard = memo(function AnalyticsCard({ card, onRetry }: CardProps) {
  const t = useT()
  const titleId = useId()
  return (
    <section
      className={styles.card}
      data-wide={WIDE.has(card.id) || undefined}
      aria-labelledby={titleId}
      aria-busy={card.status === 'loading'}
      data-card={card.id}
      data-status={card.status}
    >
      <h2 id={titleId} className={styles.cardTitle}>
        {t(`analytics.cards.${card.id}` as MessageId)}
      </h2>
      {card.status === 'loading' ? (
        <div role="status" className={styles.skeleton} data-shape={SHAPES[card.id]}>
          <span className={styles.srOnly}>{t('analytics.card.loading')}</span>
        </div>
      ) : card.status === 'failed' ? (
        <ErrorPanel message={t((card.error ?? 'analytics.errors.load') as MessageId)} onRetry={onRetry} />
      ) : card.status === 'needsStore' ? (
        <p className={styles.muted}>{t('analytics.card.needsStore')}</p>
      ) : card.status === 'empty' ? (
        <p className={styles.muted}>{t('analytics.card.empty')}</p>
      ) : card.data ? (
        <CardContent id={card.id} data={card.data} />
      ) : null}
    </section>
  )
}, sameCard)

const styles = {
  page: css({ display: 'flex', flexDirection: 'column', gap: '6', p: { base: '4', md: '6' } }),
  header: css({
    display: 'flex',
    flexWrap: 'wrap',
    gap: '4',
    justifyContent: 'space-between',
    alignItems: 'flex-end',
  }),
  title: css({ textStyle: '2xl', fontWeight: 'bold' }),
  subtitle: css({ color: 'fg.muted', textStyle: 'sm' }),
  filters: css({ display: 'flex', flexWrap: 'wrap', gap: '3' }),
  select: css({ minWidth: '200px' }),
  grid: css({
    display: 'grid',
    gap: '4',
    gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
  }),
  card: css({
    bg: 'bg.default',
    borderWidth: '1px',
    borderColor: 'border.default',
    rounded: 'lg',
    p: '4',
    display: 'flex',
    flexDirection: 'column',
    gap: '3',
    minHeight: '160px',
    '&[data-wide]': { gridColumn: { md: 'span 2' } },
  }),
  cardTitle: css({ textStyle: 'md', fontWeight: 'semibold' }),
  skeleton: css({
    flex: '1',
    minHeight: '120px',
    rounded: 'md',
    bg: 'bg.muted',
    animation: 'pulse 1.5s ease-in-out infinite',
    // The chart's own height (Chart.tsx, EChart.tsx); a lead line (sm text, 2 below) above it.
    '&[data-shape=chart]': { flex: 'none', h: '240px' },
    '&[data-shape=leadChart]': { flex: 'none', h: 'calc(240px + 1.25rem + token(spacing.2))' },
  }),
  muted: css({ color: 'fg.muted', textStyle: 'sm' }),
  srOnly: css({ srOnly: true }),
}
