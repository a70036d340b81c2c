// What each dashboard card shows once its figures are in: a chart (lazy chunk), key numbers or a
// table, every number formatted for the active locale and the franchise's currency.
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import type { CardData, CardId } from '../../../machines/analytics/cards'
import { useClock } from '../../ui/i18n/clock'
import { useMoney } from '../../ui/i18n/format'
import type { MessageId } from '../../ui/i18n/messages'
import { Chart } from './Chart'
import type { ChartSpec } from './chart-options'

type Props<C extends CardId> = { data: CardData[C] }

function useFormats() {
  const clock = useClock()
  const intl = useIntl()
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)
  return {
    t,
    num: (n: number) => intl.formatNumber(n),
    pct: (n: number) => intl.formatNumber(n, { style: 'percent', maximumFractionDigits: 1 }),
    day: (d: string) => clock.day(d, { day: '2-digit', month: '2-digit' }),
    month: (m: string) => clock.day(`${m}-01`, { month: 'short', year: '2-digit' }),
    // 1 January 2024 was a Monday: i = 0 is Monday.
    weekday: (i: number) => clock.day(`2024-01-0${1 + i}`, { weekday: 'short' }),
  }
}

/** A labelled number (figures cards). */
function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className={styles.figure}>
      <dt className={styles.figureLabel}>{label}</dt>
      <dd className={styles.figureValue}>{value}</dd>
      {detail && <dd className={styles.figureDetail}>{detail}</dd>}
    </div>
  )
}

export function CardContent<C extends CardId>({ id, data }: { id: C } & Props<C>) {
  const f = useFormats()
  const { t } = f
  const title = t(`analytics.cards.${id}` as MessageId)
  const chart = (spec: ChartSpec) => <Chart spec={{ ...spec, format: f.num }} label={title} />
  switch (id) {
    case 'visitsDays': {
      const d = data as CardData['visitsDays']
      return chart({
        kind: 'bar',
        categories: d.days.map((x) => f.day(x.day ?? '')),
        series: [{ name: t('analytics.series.visits'), values: d.days.map((x) => x.visits ?? 0) }],
      })
    }
    case 'visitsMonths': {
      const d = data as CardData['visitsMonths']
      return chart({
        kind: 'line',
        categories: d.months.map((x) => f.month(x.month ?? '')),
        series: [{ name: t('analytics.series.visits'), values: d.months.map((x) => x.visits ?? 0) }],
      })
    }
    case 'clients': {
      const d = data as CardData['clients']
      return (
        <>
          <p className={styles.lead}>{t('analytics.clients.total', { count: d.count.count })}</p>
          {chart({
            kind: 'bar',
            categories: d.days.days.map((x) => f.day(x.day ?? '')),
            series: [
              {
                name: t('analytics.series.newClients'),
                values: d.days.days.map((x) => x.newClients ?? 0),
                stack: 'c',
              },
              {
                name: t('analytics.series.returningClients'),
                values: d.days.days.map((x) => x.returningClients ?? 0),
                stack: 'c',
              },
            ],
          })}
        </>
      )
    }
    case 'frequency': {
      const d = data as CardData['frequency']
      return (
        <>
          <p className={styles.lead}>
            {t('analytics.frequency.summary', { visits: d.visits, visitors: d.visitors })}
          </p>
          {chart({
            kind: 'bar',
            categories: d.byWeekday.map((_, i) => f.weekday(i)),
            series: [{ name: t('analytics.series.visits'), values: d.byWeekday }],
          })}
        </>
      )
    }
    case 'returns': {
      const d = data as CardData['returns']
      return (
        <dl className={styles.figures}>
          {d.periods.map((p) => (
            <Figure
              key={p.days}
              label={t('analytics.returns.window', { days: p.days })}
              value={f.pct(p.returnRate)}
              detail={t('analytics.returns.detail', { returning: p.returningClients, visitors: p.visitors })}
            />
          ))}
        </dl>
      )
    }
    case 'loyalty': {
      const d = data as CardData['loyalty']
      return chart({
        kind: 'bar',
        categories: d.months.map((x) => f.month(x.month)),
        series: [
          { name: t('analytics.series.pointsEarned'), values: d.months.map((x) => x.pointsEarned) },
          { name: t('analytics.series.pointsSpent'), values: d.months.map((x) => x.pointsSpent) },
        ],
      })
    }
    case 'postcodes': {
      const d = data as CardData['postcodes']
      return (
        <table className={styles.table}>
          <caption className={styles.srOnly}>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('analytics.postcodes.rank')}</th>
              <th scope="col">{t('analytics.postcodes.postcode')}</th>
              <th scope="col" className={styles.end}>
                {t('analytics.postcodes.count')}
              </th>
            </tr>
          </thead>
          <tbody>
            {d.data.map((r) => (
              <tr key={r.postcode}>
                <td>{f.num(r.rank)}</td>
                <td>{r.postcode}</td>
                <td className={styles.end}>{f.num(r.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )
    }
    case 'redemptions':
      return <Redemptions data={data as CardData['redemptions']} />
    case 'conversion': {
      const d = data as CardData['conversion']
      return (
        <dl className={styles.figures}>
          <Figure
            label={title}
            value={f.pct(d.rate)}
            detail={t('analytics.conversion.detail', { returning: d.returningClients, visitors: d.visitors })}
          />
        </dl>
      )
    }
    case 'basket':
      return <Basket data={data as CardData['basket']} />
    default:
      return <RoiFigures data={data as CardData['roi']} />
  }
}

function Redemptions({ data }: { data: CardData['redemptions'] }) {
  const clock = useClock()
  const { t, num } = useFormats()
  return (
    <>
      <dl className={styles.figures}>
        <Figure label={t('analytics.redemptions.offers')} value={num(data.offers.total)} />
        <Figure label={t('analytics.redemptions.coupons')} value={num(data.coupons.metadata.total)} />
      </dl>
      {data.coupons.data.length > 0 && (
        <section aria-label={t('analytics.redemptions.latest')}>
          <h3 className={styles.subtitle}>{t('analytics.redemptions.latest')}</h3>
          <ul className={styles.list}>
            {data.coupons.data.map((c) => (
              <li key={c.id}>
                {c.header} · {c.clientName} · {clock.date(c.claimedAt)}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  )
}

function Basket({ data }: { data: CardData['basket'] }) {
  const { t } = useFormats()
  const money = useMoney(data.currencyCode)
  return (
    <dl className={styles.figures}>
      <Figure
        label={t('analytics.cards.basket')}
        value={data.averageBasketCents === null ? '—' : money(data.averageBasketCents)}
        detail={t('analytics.basket.detail', { count: data.salesCount, amount: money(data.salesCents) })}
      />
    </dl>
  )
}

function RoiFigures({ data }: { data: CardData['roi'] }) {
  const { t, num, pct } = useFormats()
  const money = useMoney(data.currencyCode)
  return (
    <dl className={styles.figures}>
      <Figure label={t('analytics.roi.sales')} value={money(data.salesCents)} />
      <Figure label={t('analytics.roi.returningSales')} value={money(data.returningSalesCents)} />
      <Figure label={t('analytics.roi.share')} value={pct(data.returningShare)} />
      <Figure label={t('analytics.roi.offers')} value={num(data.offersRedeemed)} />
      <Figure label={t('analytics.roi.coupons')} value={num(data.couponsRedeemed)} />
      <Figure label={t('analytics.roi.pointsSpent')} value={num(data.pointsSpent)} />
    </dl>
  )
}

const styles = {
  lead: css({ textStyle: 'sm', color: 'fg.muted', mb: '2' }),
  figures: css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))', gap: '4' }),
  figure: css({ display: 'flex', flexDirection: 'column', gap: '1' }),
  figureLabel: css({ textStyle: 'sm', color: 'fg.muted' }),
  figureValue: css({ textStyle: '2xl', fontWeight: 'bold', fontVariantNumeric: 'tabular-nums' }),
  figureDetail: css({ textStyle: 'xs', color: 'fg.muted' }),
  table: css({
    width: '100%',
    textStyle: 'sm',
    '& th': { textAlign: 'start', color: 'fg.muted', fontWeight: 'medium', pb: '2' },
    '& td': { py: '1.5', borderTopWidth: '1px', borderColor: 'border.subtle' },
  }),
  end: css({ textAlign: 'end!', fontVariantNumeric: 'tabular-nums' }),
  srOnly: css({ srOnly: true }),
  subtitle: css({ textStyle: 'sm', fontWeight: 'semibold', mt: '4', mb: '1' }),
  list: css({ textStyle: 'sm', display: 'flex', flexDirection: 'column', gap: '1' }),
}
