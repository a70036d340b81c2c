// The automated-marketing list (issue 20): the franchise's revenue from its automations on top, then a
// card per automation with its active switch, last and next run, messages sent this month and revenue;
// when they run (the daily job's hour in the franchise's zone) is said once, above the cards.
import { FormattedNumber } from 'react-intl'
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import type { AutomationListEvent } from '../../../machines/automation-list/automation-list.machine'
import type { AutomationListView } from '../../../machines/automation-list/automation-list.view'
import { AUTOMATION_ROUTES } from '../../domain/automations'
import { Button } from '../../ui/Button'
import { useClock } from '../../ui/i18n/clock'
import type { MessageId } from '../../ui/i18n/messages'
import { useT } from '../../ui/i18n/t'
import { ErrorPanel } from '../../ui/Panels'
import { Spinner } from '../../ui/Spinner'
import { ActiveSwitch } from './ActiveSwitch'

type Props = { view: AutomationListView; send: (e: AutomationListEvent) => void; currency: string }

export function AutomationListPage({ view, send, currency }: Props) {
  const clock = useClock()
  const t = useT()
  const money = (cents: number) => (
    <FormattedNumber value={cents / 100} style="currency" currency={currency} />
  )
  if (view.isLoading) return <Spinner />
  if (view.hasFailed)
    return (
      <ErrorPanel
        message={t('automatedMarketing.errors.load')}
        onRetry={() => send({ type: 'marketing.retry' })}
      />
    )
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('automatedMarketing.title')}</h1>
      {view.schedule && (
        <p className={styles.revenue}>
          {t('automatedMarketing.schedule', {
            time: clock.time(view.schedule.time),
            timezone: clock.city,
          })}
        </p>
      )}
      <p className={styles.revenue}>
        {t('automatedMarketing.totalRevenue')}: <strong>{money(view.totalRevenue)}</strong> ·{' '}
        {t('automatedMarketing.monthRevenue')}: <strong>{money(view.monthRevenue)}</strong>
      </p>
      {view.error && <p role="alert">{t(view.error as MessageId)}</p>}
      <ul className={styles.cards}>
        {view.cards.map((c) => (
          <li
            key={c.id}
            className={styles.card}
            aria-label={t(`automatedMarketing.type.${AUTOMATION_ROUTES[c.type]}` as MessageId)}
          >
            <h2 className={styles.cardTitle}>
              <Link href={c.path}>
                {t(`automatedMarketing.type.${AUTOMATION_ROUTES[c.type]}` as MessageId)}
              </Link>
            </h2>
            <ActiveSwitch
              checked={c.isActive}
              disabled={!c.canToggle}
              onToggle={() => send({ type: 'marketing.toggle', id: c.id })}
            />
            <dl className={styles.figures}>
              <dt>{t('automatedMarketing.lastRun')}</dt>
              <dd>{c.lastRunAt ? clock.dateTime(c.lastRunAt) : t('automatedMarketing.neverRun')}</dd>
              {c.nextRunAt && (
                <>
                  <dt>{t('automatedMarketing.nextRun')}</dt>
                  <dd>{clock.dateTime(c.nextRunAt)}</dd>
                </>
              )}
              <dt>{t('automatedMarketing.sentThisMonth')}</dt>
              <dd data-testid={`sent-${c.type}`}>
                <FormattedNumber value={c.sentThisMonth} />
              </dd>
              <dt>{t('automatedMarketing.revenue')}</dt>
              <dd>{money(c.revenue)}</dd>
            </dl>
            <Button asChild variant="outline" size="sm">
              <Link href={c.path}>{t('automatedMarketing.edit')}</Link>
            </Button>
          </li>
        ))}
      </ul>
    </div>
  )
}

const styles = {
  page: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  title: css({ textStyle: 'xl', fontWeight: 'semibold' }),
  revenue: css({ color: 'fg.muted' }),
  cards: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' },
    gap: '4',
    listStyle: 'none',
    p: '0',
  }),
  card: css({
    borderWidth: '1px',
    borderRadius: 'l2',
    p: '4',
    display: 'flex',
    flexDirection: 'column',
    gap: '2',
  }),
  cardTitle: css({ fontWeight: 'semibold' }),
  figures: css({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '1', '& dt': { color: 'fg.muted' } }),
}
