// Parts of the opinion screens: stars, the distribution bars and one opinion with its reply.
import type { ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import type { Opinion } from '../../domain/opinions'
import { RATINGS } from '../../domain/opinions'
import { Button } from '../../ui/Button'
import { useClock } from '../../ui/i18n/clock'
import { useT } from '../../ui/i18n/t'

export { useT }

export const storeOpinionsPath = (storeId: string) => `/pages/stores/${storeId}/opinions`
export const SATISFACTION_PATH = '/pages/satisfaction'

/** Five stars filled to the (possibly decimal) rating; read as "4.2 out of 5". */
export function Stars({ rating, size = 'md' }: { rating: number; size?: 'sm' | 'md' | 'lg' }) {
  const t = useT()
  const intl = useIntl()
  const label = t('pages.opinions.stars', { rating: intl.formatNumber(rating, { maximumFractionDigits: 1 }) })
  return (
    <span role="img" aria-label={label} className={styles.stars} data-size={size}>
      {RATINGS.map((r) => {
        const fill = Math.max(0, Math.min(1, rating - (r - 1)))
        return (
          <span key={r} className={styles.star} aria-hidden="true">
            ★
            <span className={styles.starFill} style={{ width: `${fill * 100}%` }}>
              ★
            </span>
          </span>
        )
      })}
    </span>
  )
}

export type Bar = { rating: number; n: number; percent: number }

/** One bar per rating, 5 stars first (the view computes them); plain CSS bars, charts come later. */
export function DistributionBars({ bars, label }: { bars: readonly Bar[]; label: string }) {
  const t = useT()
  return (
    <ul aria-label={label} className={styles.bars}>
      {bars.map(({ rating, n, percent }) => (
        <li
          key={rating}
          className={styles.bar}
          aria-label={t('pages.satisfaction.bar', { rating, n, percent })}
        >
          <span aria-hidden="true" className={styles.barLabel}>
            {rating} ★
          </span>
          <span aria-hidden="true" className={styles.barTrack}>
            <span className={styles.barFill} data-rating={rating} style={{ width: `${percent}%` }} />
          </span>
          <span aria-hidden="true" className={styles.barCount}>
            {n}
          </span>
        </li>
      ))}
    </ul>
  )
}

/** An opinion: who, when, the rating and comment, the store's reply, and an optional action. */
export function OpinionItem({
  opinion,
  showStore = false,
  action,
}: {
  opinion: Opinion
  showStore?: boolean
  action?: ReactNode
}) {
  const t = useT()
  const { date } = useClock()
  const name = opinion.clientName ?? t('pages.opinions.anonymous')
  return (
    <article className={styles.opinion} aria-label={`${name}, ${date(opinion.createdAt)}`}>
      <header className={styles.opinionHead}>
        <Stars rating={opinion.rating} size="sm" />
        <span className={styles.who}>{name}</span>
        <time dateTime={opinion.createdAt} className={styles.muted}>
          {date(opinion.createdAt)}
        </time>
        {showStore && <span className={styles.muted}>· {opinion.storeName}</span>}
      </header>
      <p className={opinion.comment ? styles.comment : styles.noComment}>
        {opinion.comment || t('pages.opinions.noComment')}
      </p>
      {opinion.reply && (
        <blockquote className={styles.reply}>
          <p className={styles.replyHead}>{t('pages.opinions.replyOf', { date: date(opinion.repliedAt) })}</p>
          <p>{opinion.reply}</p>
        </blockquote>
      )}
      {action && <div className={styles.opinionActions}>{action}</div>}
    </article>
  )
}

export function ReplyButton({ opinion, onClick }: { opinion: Opinion; onClick: () => void }) {
  const t = useT()
  const { date } = useClock()
  const name = opinion.clientName ?? t('pages.opinions.anonymous')
  return (
    <Button
      size="sm"
      variant="outline"
      onClick={onClick}
      aria-label={t('pages.opinions.replyFor', { name, date: date(opinion.createdAt) })}
    >
      {t(opinion.reply ? 'pages.opinions.editReply' : 'pages.opinions.reply')}
    </Button>
  )
}

export const styles = {
  stars: css({
    display: 'inline-flex',
    gap: '0.5',
    lineHeight: 1,
    textStyle: 'md',
    '&[data-size=sm]': { textStyle: 'sm' },
    '&[data-size=lg]': { textStyle: 'xl' },
  }),
  star: css({ position: 'relative', display: 'inline-block', color: 'border.default' }),
  starFill: css({
    position: 'absolute',
    insetInlineStart: 0,
    top: 0,
    overflow: 'hidden',
    color: 'amber.500',
    whiteSpace: 'nowrap',
  }),
  bars: css({ display: 'flex', flexDirection: 'column', gap: '1.5', listStyle: 'none', p: 0, m: 0 }),
  bar: css({ display: 'grid', gridTemplateColumns: '2.5rem 1fr 2.5rem', alignItems: 'center', gap: '2' }),
  barLabel: css({ textStyle: 'xs', color: 'fg.muted', whiteSpace: 'nowrap' }),
  barTrack: css({ h: '2', bg: 'bg.muted', borderRadius: 'full', overflow: 'hidden' }),
  barFill: css({
    display: 'block',
    h: 'full',
    borderRadius: 'full',
    bg: 'amber.500',
    '&[data-rating="2"], &[data-rating="1"]': { bg: 'danger.solid' },
    transition: 'width {durations.normal}',
  }),
  barCount: css({ textStyle: 'xs', color: 'fg.muted', textAlign: 'end' }),
  opinion: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '2',
    py: '4',
    borderBottomWidth: '1px',
    _last: { borderBottomWidth: 0 },
  }),
  opinionHead: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' }),
  who: css({ fontWeight: 'semibold', color: 'fg.default' }),
  muted: css({ color: 'fg.muted', textStyle: 'sm' }),
  comment: css({ color: 'fg.default', whiteSpace: 'pre-line' }),
  noComment: css({ color: 'fg.subtle', fontStyle: 'italic' }),
  reply: css({
    ms: '4',
    ps: '3',
    borderInlineStartWidth: '3px',
    borderColor: 'accent.border',
    color: 'fg.default',
    whiteSpace: 'pre-line',
  }),
  replyHead: css({ textStyle: 'xs', color: 'fg.muted', mb: '1' }),
  opinionActions: css({ display: 'flex', justifyContent: 'flex-end' }),
}
