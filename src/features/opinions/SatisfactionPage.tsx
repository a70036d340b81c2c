// /pages/satisfaction: each store's average (stars and number) and distribution, the total over the
// stores, and the latest opinions with a store filter.
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { link } from 'styled-system/recipes'
import { Link } from 'wouter'
import type { SatisfactionEvent } from '../../../machines/satisfaction/satisfaction.machine'
import type { SatisfactionView } from '../../../machines/satisfaction/satisfaction.view'
import type { RatingSummary } from '../../domain/opinions'
import type { MessageId } from '../../ui/i18n/messages'
import { EmptyPanel, ErrorPanel } from '../../ui/Panels'
import { SelectField } from '../../ui/SelectField'
import { type Bar, DistributionBars, OpinionItem, Stars, storeOpinionsPath, useT } from './parts'

export interface SatisfactionPageProps {
  view: SatisfactionView
  send: (event: SatisfactionEvent) => void
}

export function SatisfactionPage({ view, send }: SatisfactionPageProps) {
  const t = useT()
  const title = t('nav.satisfaction')
  const bars = (s: RatingSummary) => view.bars(s.distribution, s.count)
  const storeOptions = [
    { value: '', label: t('pages.satisfaction.allStores') },
    ...view.stores.map((s) => ({ value: s.storeId, label: s.storeName })),
  ]
  return (
    <div className={styles.page}>
      <title>{`${title} · ${t('app.name')}`}</title>
      <header>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.subtitle}>
          {view.isLoading ? t('pages.satisfaction.loading') : t('pages.satisfaction.subtitle')}
        </p>
      </header>

      {view.isFailed ? (
        <ErrorPanel
          message={t((view.error ?? 'pages.satisfaction.errors.load') as MessageId)}
          onRetry={() => send({ type: 'satisfaction.retry' })}
        />
      ) : view.isLoading ? (
        <div className={styles.skeleton} aria-hidden="true" />
      ) : view.hasNoStore ? (
        <div className={styles.panel}>
          <EmptyPanel
            title={t('pages.satisfaction.noStore.title')}
            description={t('pages.satisfaction.noStore.description')}
          />
        </div>
      ) : view.hasNoOpinion ? (
        <div className={styles.panel}>
          <EmptyPanel
            title={t('pages.satisfaction.empty.title')}
            description={t('pages.satisfaction.empty.description')}
          />
        </div>
      ) : (
        <div className={styles.grid} aria-busy={view.isRefreshing || undefined}>
          {view.total && view.stores.length > 1 && (
            <SummaryCard name={t('pages.satisfaction.total')} summary={view.total} bars={bars} highlighted />
          )}
          <section aria-label={t('pages.satisfaction.byStore')} className={styles.stores}>
            {view.stores.map((s) => (
              <SummaryCard
                key={s.storeId}
                name={s.storeName}
                summary={s}
                storeId={s.storeId}
                selected={view.storeId === s.storeId}
                bars={bars}
              />
            ))}
          </section>
          <section className={styles.panel} aria-labelledby="recent-opinions">
            <div className={styles.recentHead}>
              <h2 id="recent-opinions" className={styles.h2}>
                {t('pages.satisfaction.recent')}
              </h2>
              {view.stores.length > 1 && (
                <SelectField
                  className={styles.filter}
                  label={t('pages.satisfaction.filter')}
                  options={storeOptions}
                  value={[view.storeId ?? '']}
                  onChange={(v) => send({ type: 'satisfaction.filter', storeId: v[0] || null })}
                />
              )}
            </div>
            <div className={view.isRefreshing ? styles.refreshing : undefined}>
              {view.recent.length === 0 ? (
                <p className={styles.muted}>{t('pages.satisfaction.noRecent')}</p>
              ) : (
                view.recent.map((o) => <OpinionItem key={o.id} opinion={o} showStore={!view.storeId} />)
              )}
            </div>
          </section>
        </div>
      )}
    </div>
  )
}

function SummaryCard({
  name,
  summary,
  storeId,
  selected = false,
  highlighted = false,
  bars,
}: {
  bars: (s: RatingSummary) => readonly Bar[]
  name: string
  summary: RatingSummary
  storeId?: string
  selected?: boolean
  highlighted?: boolean
}) {
  const t = useT()
  const intl = useIntl()
  const headingId = `summary-${storeId ?? 'total'}`
  return (
    <article
      className={styles.card}
      aria-labelledby={headingId}
      data-selected={selected || undefined}
      data-highlighted={highlighted || undefined}
    >
      <h2 id={headingId} className={styles.cardTitle}>
        {name}
      </h2>
      <div className={styles.average}>
        {summary.average === null ? (
          <span className={styles.muted}>{t('pages.satisfaction.noRating')}</span>
        ) : (
          <>
            <span className={styles.averageNumber}>
              {intl.formatNumber(summary.average, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}
            </span>
            <Stars rating={summary.average} size="lg" />
          </>
        )}
        <span className={styles.muted}>{t('pages.satisfaction.count', { count: summary.count })}</span>
      </div>
      <DistributionBars bars={bars(summary)} label={t('pages.satisfaction.distribution', { name })} />
      {storeId && (
        <Link href={storeOpinionsPath(storeId)} className={`${link()} ${styles.cardLink}`}>
          {t('pages.satisfaction.seeOpinions', { name })}
        </Link>
      )}
    </article>
  )
}

const styles = {
  page: css({ display: 'flex', flexDirection: 'column', gap: '5', maxW: '7xl', mx: 'auto', w: 'full' }),
  title: css({ textStyle: '2xl', fontWeight: 'bold', color: 'fg.default' }),
  subtitle: css({ color: 'fg.muted', textStyle: 'sm', mt: '0.5' }),
  h2: css({ textStyle: 'lg', fontWeight: 'semibold', color: 'fg.default' }),
  grid: css({ display: 'flex', flexDirection: 'column', gap: '5' }),
  stores: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' },
    gap: '4',
  }),
  card: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '3',
    p: '5',
    bg: 'bg.default',
    borderWidth: '1px',
    borderRadius: 'l3',
    '&[data-selected]': { borderColor: 'accent.border', boxShadow: 'sm' },
    '&[data-highlighted]': { bg: 'accent.subtle' },
  }),
  cardTitle: css({ fontWeight: 'semibold', color: 'fg.default' }),
  average: css({ display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', gap: '3' }),
  averageNumber: css({ textStyle: '3xl', fontWeight: 'bold', color: 'fg.default', lineHeight: 1 }),
  cardLink: css({ alignSelf: 'flex-start', textStyle: 'sm' }),
  panel: css({ bg: 'bg.default', borderWidth: '1px', borderRadius: 'l3', p: '5' }),
  recentHead: css({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'end',
    justifyContent: 'space-between',
    gap: '3',
  }),
  filter: css({ minW: '16rem' }),
  muted: css({ color: 'fg.muted', textStyle: 'sm' }),
  refreshing: css({ opacity: 0.55, transition: 'opacity {durations.normal}' }),
  skeleton: css({
    h: '48',
    borderRadius: 'l3',
    bg: 'bg.muted',
    animation: 'pulse 1.4s ease-in-out infinite',
  }),
}
