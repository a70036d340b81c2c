// /pages/stores/:id/opinions: a store's opinions, newest first, with a rating filter and pages; each
// opinion has a reply (or edit-the-reply) button opening the reply dialog.
import { css } from 'styled-system/css'
import { link } from 'styled-system/recipes'
import { Link } from 'wouter'
import type { StoreOpinionsEvent } from '../../../machines/store-opinions/store-opinions.machine'
import type { StoreOpinionsView } from '../../../machines/store-opinions/store-opinions.view'
import { RATINGS } from '../../domain/opinions'
import { Button } from '../../ui/Button'
import type { MessageId } from '../../ui/i18n/messages'
import { Pagination } from '../../ui/Pagination'
import { EmptyPanel, ErrorPanel } from '../../ui/Panels'
import { SelectField } from '../../ui/SelectField'
import { OpinionItem, ReplyButton, SATISFACTION_PATH, useT } from './parts'
import { ReplyDialog } from './ReplyDialog'

export interface StoreOpinionsPageProps {
  view: StoreOpinionsView
  send: (event: StoreOpinionsEvent) => void
  /** The store's name, when the session knows it. */
  storeName: string | null
}

export function StoreOpinionsPage({ view, send, storeName }: StoreOpinionsPageProps) {
  const t = useT()
  const name = storeName ?? view.rows[0]?.storeName ?? null
  const title = name ? t('pages.storeOpinions.title', { store: name }) : t('pages.storeOpinions.titleGeneric')
  const ratingOptions = [
    { value: '', label: t('pages.storeOpinions.allRatings') },
    ...[...RATINGS].reverse().map((r) => ({
      value: String(r),
      label: t('pages.storeOpinions.ratingOption', { rating: r }),
    })),
  ]
  return (
    <div className={styles.page}>
      <title>{`${title} · ${t('app.name')}`}</title>
      <Link href={SATISFACTION_PATH} className={`${link()} ${styles.back}`}>
        ← {t('pages.storeOpinions.back')}
      </Link>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.subtitle}>
            {view.isLoading && !view.isRefreshing
              ? t('pages.satisfaction.loading')
              : t('pages.storeOpinions.count', { count: view.total })}
          </p>
        </div>
        <SelectField
          className={styles.filter}
          label={t('pages.storeOpinions.filter')}
          options={ratingOptions}
          value={[view.rating ? String(view.rating) : '']}
          onChange={(v) => send({ type: 'opinions.rating', rating: v[0] ? Number(v[0]) : null })}
        />
      </header>

      {view.isFailed ? (
        <ErrorPanel
          message={t((view.error ?? 'pages.storeOpinions.errors.load') as MessageId)}
          onRetry={() => send({ type: 'opinions.retry' })}
        />
      ) : view.isEmpty ? (
        <div className={styles.panel}>
          <EmptyPanel
            title={t('pages.storeOpinions.empty.title')}
            description={t('pages.storeOpinions.empty.description')}
          />
        </div>
      ) : view.isNoResult ? (
        <div className={styles.panel}>
          <EmptyPanel
            title={t('pages.storeOpinions.noResult.title')}
            action={
              <Button
                variant="outline"
                tone="neutral"
                onClick={() => send({ type: 'opinions.rating', rating: null })}
              >
                {t('pages.storeOpinions.noResult.reset')}
              </Button>
            }
          />
        </div>
      ) : view.isLoading && view.rows.length === 0 ? (
        <div className={styles.skeleton} aria-hidden="true" />
      ) : (
        <>
          <section
            className={`${styles.panel} ${view.isRefreshing ? styles.refreshing : ''}`}
            aria-label={t('pages.storeOpinions.list')}
            aria-busy={view.isLoading || undefined}
          >
            {view.rows.map((o) => (
              <OpinionItem
                key={o.id}
                opinion={o}
                action={
                  <ReplyButton opinion={o} onClick={() => send({ type: 'reply.open', opinionId: o.id })} />
                }
              />
            ))}
          </section>
          {view.pageCount > 1 && (
            <Pagination
              label={t('pages.storeOpinions.pagination')}
              page={view.page}
              pageCount={view.pageCount}
              total={view.total}
              rowsPerPage={view.size}
              onPage={(page) => send({ type: 'opinions.page', page })}
            />
          )}
        </>
      )}
      <ReplyDialog view={view} send={send} />
    </div>
  )
}

const styles = {
  page: css({ display: 'flex', flexDirection: 'column', gap: '4', maxW: '4xl', mx: 'auto', w: 'full' }),
  back: css({ alignSelf: 'flex-start', textStyle: 'sm' }),
  header: css({
    display: 'flex',
    alignItems: { base: 'flex-start', sm: 'flex-end' },
    justifyContent: 'space-between',
    flexDirection: { base: 'column', sm: 'row' },
    gap: '3',
  }),
  title: css({ textStyle: '2xl', fontWeight: 'bold', color: 'fg.default' }),
  subtitle: css({ color: 'fg.muted', textStyle: 'sm', mt: '0.5' }),
  filter: css({ minW: '12rem' }),
  panel: css({ bg: 'bg.default', borderWidth: '1px', borderRadius: 'l3', px: '5', py: '1' }),
  refreshing: css({ opacity: 0.55, transition: 'opacity {durations.normal}' }),
  skeleton: css({
    h: '64',
    borderRadius: 'l3',
    bg: 'bg.muted',
    animation: 'pulse 1.4s ease-in-out infinite',
  }),
}
