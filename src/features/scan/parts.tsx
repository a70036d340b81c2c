// Parts and styles of the scan page: messages, money, and the offer lists.
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import type { ScanNews } from '../../domain/news'
import type { ScanOffer } from '../../domain/scan'
import { useT } from '../../ui/i18n/t'

export { useT }

export function useMoney() {
  const intl = useIntl()
  return (cents: number, currency: string) => intl.formatNumber(cents / 100, { style: 'currency', currency })
}

/** Offers with their cost, and the points still missing for those not yet within reach. */
export function OfferList({
  title,
  offers,
}: {
  title: string
  offers: readonly { offer: ScanOffer; missingPoints?: number }[]
}) {
  const t = useT()
  return (
    <section aria-label={title} className={s.card}>
      <h2 className={s.h2}>{title}</h2>
      <ul className={s.list}>
        {offers.map(({ offer, missingPoints }) => (
          <li key={offer.id} className={s.item}>
            <span className={s.itemName}>{offer.name}</span>
            <span className={s.muted}>{offer.description}</span>
            <span className={s.badge}>
              {missingPoints !== undefined
                ? t('pages.scan.offers.missing', { points: missingPoints })
                : t('pages.scan.offers.cost', { points: offer.redeemPointAmount })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The store's news and happy hours running now (issue 19), a happy hour with its daily slot. */
export function NewsList({ news }: { news: readonly ScanNews[] }) {
  const t = useT()
  const money = useMoney()
  const intl = useIntl()
  if (news.length === 0) return null
  const title = t('pages.scan.news.title')
  return (
    <section aria-label={title} className={s.card}>
      <h2 className={s.h2}>{title}</h2>
      <ul className={s.list}>
        {news.map((n) => (
          <li key={n.id} className={s.item}>
            <span className={s.itemName}>{n.name}</span>
            {n.description && <span className={s.muted}>{n.description}</span>}
            <span className={s.muted}>
              {n.happyHourStart && n.happyHourEnd
                ? t('pages.scan.news.slot', { start: n.happyHourStart, end: n.happyHourEnd })
                : t('pages.scan.news.until', {
                    date: intl.formatDate(`${n.endDate}T12:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' }),
                  })}
              {n.drinkType ? ` · ${n.drinkType}` : ''}
            </span>
            {n.priceCents !== null && <span className={s.badge}>{money(n.priceCents, n.currencyCode)}</span>}
            {n.customersOnly && <span className={s.badge}>{t('pages.scan.news.customersOnly')}</span>}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Touch targets of at least 48 px; the franchise's colours through --scan-* variables. */
export const s = {
  page: css({
    minH: '100dvh',
    bg: 'var(--scan-tertiary, #f8fafc)',
    color: 'var(--scan-on-tertiary, #0f172a)',
    // Text in the primary colour sits on the cards (bg.default): its shade for the theme's cards.
    '--scan-text': 'var(--scan-primary-light, #1e3a8a)',
    _dark: { '--scan-text': 'var(--scan-primary-dark, #93c5fd)' },
    display: 'flex',
    flexDir: 'column',
    alignItems: 'center',
  }),
  header: css({
    width: 'full',
    bg: 'var(--scan-primary, #1e3a8a)',
    color: 'var(--scan-on-primary, white)',
    px: '5',
    py: '6',
    display: 'flex',
    gap: '4',
    alignItems: 'center',
    justifyContent: 'center',
  }),
  logo: css({ w: '14', h: '14', borderRadius: 'full', objectFit: 'cover', bg: 'white' }),
  franchise: css({ fontWeight: 'semibold', opacity: 0.9 }),
  title: css({ fontSize: '2xl', fontWeight: 'bold', lineHeight: 'tight' }),
  store: css({ fontSize: 'sm', opacity: 0.9 }),
  body: css({ width: 'full', maxW: '32rem', px: '4', py: '5', display: 'flex', flexDir: 'column', gap: '4' }),
  card: css({
    bg: 'bg.default',
    color: 'fg.default',
    borderRadius: 'l3',
    boxShadow: 'sm',
    p: '5',
    display: 'flex',
    flexDir: 'column',
    gap: '3',
  }),
  cardImage: css({ width: 'full', maxH: '40', objectFit: 'cover', borderRadius: 'l2' }),
  h2: css({ fontSize: 'lg', fontWeight: 'semibold' }),
  status: css({ display: 'flex', gap: '2', alignItems: 'center', justifyContent: 'center', py: '8' }),
  error: css({ color: 'fg.error', fontWeight: 'medium' }),
  warning: css({ color: 'fg.warning', fontWeight: 'medium' }),
  highlight: css({
    bg: 'var(--scan-secondary, #f59e0b)',
    color: 'var(--scan-on-secondary, black)',
    borderRadius: 'l2',
    p: '3',
    fontWeight: 'semibold',
  }),
  input: css({ minH: '12', fontSize: 'lg' }),
  primary: css({
    width: 'full',
    minH: '12',
    bg: 'var(--scan-primary, #1e3a8a)!',
    color: 'var(--scan-on-primary, white)!',
  }),
  wide: css({
    width: 'full',
    minH: '12',
    color: 'var(--scan-text)!',
    borderColor: 'var(--scan-primary, #1e3a8a)!',
  }),
  link: css({
    alignSelf: 'flex-start',
    minH: '12',
    color: 'var(--scan-text)',
    textDecoration: 'underline',
    cursor: 'pointer',
  }),
  phone: css({ fontSize: '2xl', fontWeight: 'bold', textAlign: 'center' }),
  countdown: css({ fontSize: 'xl', textAlign: 'center', fontVariantNumeric: 'tabular-nums' }),
  actions: css({ display: 'flex', flexDir: 'column', gap: '3' }),
  points: css({
    fontSize: '4xl',
    fontWeight: 'bold',
    textAlign: 'center',
    color: 'var(--scan-text)',
  }),
  balance: css({ fontSize: 'lg', textAlign: 'center' }),
  list: css({ display: 'flex', flexDir: 'column', gap: '3' }),
  item: css({ display: 'flex', flexDir: 'column', gap: '1', borderBottomWidth: '1px', pb: '3' }),
  itemName: css({ fontWeight: 'semibold' }),
  muted: css({ color: 'fg.muted', fontSize: 'sm' }),
  badge: css({
    alignSelf: 'flex-start',
    fontSize: 'sm',
    fontWeight: 'semibold',
    color: 'var(--scan-text)',
  }),
  stars: css({ display: 'flex', gap: '1', border: 'none', p: '0' }),
  star: css({
    minW: '12',
    minH: '12',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontSize: '3xl',
    cursor: 'pointer',
    color: 'fg.subtle',
    '&[data-on]': { color: 'var(--scan-secondary, #f59e0b)' },
    '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'var(--scan-primary, #1e3a8a)' },
  }),
  srOnly: css({ srOnly: true }),
  textarea: css({ width: 'full', minH: '24', borderWidth: '1px', borderRadius: 'l2', p: '3' }),
  video: css({ width: 'full', aspectRatio: '1', objectFit: 'cover', borderRadius: 'l2', bg: 'black' }),
}
