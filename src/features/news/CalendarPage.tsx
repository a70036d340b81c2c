// /pages/offers/calendar: the toolbar (previous, today, next; month or week; the store), the calendar
// (loaded in its own chunk), its legend, and the dialog of the event opened.
import { lazy, Suspense, useId } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import type { OffersCalendarEvent } from '../../../machines/offers-calendar/offers-calendar.machine'
import type { OffersCalendarView } from '../../../machines/offers-calendar/offers-calendar.view'
import { ROUTES } from '../../domain/access'
import { CALENDAR_KINDS, type CalendarEvent } from '../../domain/calendar'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { useClock } from '../../ui/i18n/clock'
import type { MessageId } from '../../ui/i18n/messages'
import { useT } from '../../ui/i18n/t'
import { NativeSelect } from '../../ui/NativeSelect'
import { pageStyles } from '../../ui/PagedListPage'
import { ErrorPanel } from '../../ui/Panels'
import { PageLoading } from '../../ui/shell/PageLoading'

const EventsCalendar = lazy(() => import('./EventsCalendar'))

export interface CalendarPageProps {
  view: OffersCalendarView
  send: (event: OffersCalendarEvent) => void
}

export function CalendarPage({ view, send }: CalendarPageProps) {
  const clock = useClock()
  const t = useT()
  const intl = useIntl()
  const title = t('news.calendar.title')
  const legendId = useId()
  const day = (d: string, o: Intl.DateTimeFormatOptions) => clock.day(d, o)
  const heading =
    view.view === 'month'
      ? day(view.anchor, { month: 'long', year: 'numeric' })
      : `${day(view.range.from, { day: 'numeric', month: 'short' })} – ${day(view.range.to, { dateStyle: 'medium' })}`
  return (
    <div className={styles.page}>
      <title>{`${title} · ${t('app.name')}`}</title>
      <header className={pageStyles.header}>
        <div>
          <h1 className={pageStyles.title}>{title}</h1>
          {view.timezone && (
            <p className={pageStyles.subtitle}>{t('news.calendar.subtitle', { timezone: view.timezone })}</p>
          )}
        </div>
        <Button asChild variant="outline" tone="neutral">
          <Link href={ROUTES.news.path}>{t('news.title')}</Link>
        </Button>
      </header>
      <div className={styles.toolbar}>
        <div className={styles.group}>
          <Button variant="outline" tone="neutral" onClick={() => send({ type: 'calendar.previous' })}>
            {t('news.calendar.previous')}
          </Button>
          <Button variant="outline" tone="neutral" onClick={() => send({ type: 'calendar.today' })}>
            {t('news.calendar.today')}
          </Button>
          <Button variant="outline" tone="neutral" onClick={() => send({ type: 'calendar.next' })}>
            {t('news.calendar.next')}
          </Button>
          <h2 aria-live="polite" className={styles.range}>
            {heading}
          </h2>
        </div>
        <div className={styles.group}>
          <fieldset aria-label={t('news.calendar.title')} className={styles.group}>
            {(['month', 'week'] as const).map((v) => (
              <Button
                key={v}
                variant={view.view === v ? 'solid' : 'outline'}
                tone={view.view === v ? undefined : 'neutral'}
                aria-pressed={view.view === v}
                onClick={() => send({ type: 'calendar.view', view: v })}
              >
                {t(`news.calendar.${v}` as MessageId)}
              </Button>
            ))}
          </fieldset>
          {view.stores.length > 1 && (
            <NativeSelect
              label={t('news.calendar.store')}
              value={view.storeId ?? ''}
              options={[
                { value: '', label: t('news.calendar.allStores') },
                ...view.stores.map((s) => ({ value: s.id, label: s.name })),
              ]}
              onChange={(value) => send({ type: 'calendar.store', storeId: value || null })}
            />
          )}
        </div>
      </div>
      <ul className={styles.legend} aria-label={t('news.calendar.title')}>
        {CALENDAR_KINDS.map((k) => (
          <li key={k} id={`${legendId}-${k}`}>
            <span className={styles.swatch} data-kind={k} aria-hidden />
            {t(`news.calendar.legend.${k}` as MessageId)}
          </li>
        ))}
      </ul>
      {view.isFailed ? (
        <ErrorPanel message={t('news.calendar.error')} onRetry={() => send({ type: 'calendar.retry' })} />
      ) : (
        <div aria-busy={view.isLoading || undefined} className={view.isLoading ? styles.loading : undefined}>
          <Suspense fallback={<PageLoading />}>
            <EventsCalendar
              view={view.view}
              anchor={view.anchor}
              today={view.today}
              locale={intl.locale}
              events={view.events}
              unpublishedTag={t('news.calendar.unpublished')}
              kindIdOf={(e) => `${legendId}-${e.kind}`}
              tooltipOf={(e) =>
                [
                  t(`news.calendar.legend.${e.kind}` as MessageId),
                  e.isUnpublished ? t('news.calendar.unpublished') : null,
                  e.title,
                ]
                  .filter(Boolean)
                  .join(' · ')
              }
              onOpen={(kind, id) => send({ type: 'calendar.open', kind, id })}
            />
          </Suspense>
        </div>
      )}
      <EventDialog event={view.selected} onClose={() => send({ type: 'calendar.close' })} />
    </div>
  )
}

/** The event opened: what it is, when, and the page that manages it. */
function EventDialog({ event, onClose }: { event: CalendarEvent | null; onClose: () => void }) {
  const clock = useClock()
  const t = useT()
  const day = (d: string) => clock.day(d, { dateStyle: 'medium' })
  const isOffer = event?.kind === 'offer-expiry'
  const isCampaign = event?.kind === 'campaign'
  return (
    <Dialog.Root open={event !== null} onOpenChange={(d) => !d.open && onClose()} size="sm">
      <Dialog.Panel>
        {event && (
          <>
            <Dialog.Header>
              <Dialog.Title>
                {isOffer ? t('news.calendar.offerEnds', { name: event.title }) : event.title}
              </Dialog.Title>
              <Dialog.Description>
                {t(`news.calendar.legend.${event.kind}` as MessageId)}
                {event.status && ` · ${t(`news.status.${event.status}` as MessageId)}`}
                {event.campaignStatus &&
                  ` · ${t(`communication.status.${event.campaignStatus.replace(' ', '-')}` as MessageId)}`}
              </Dialog.Description>
            </Dialog.Header>
            <Dialog.Body>
              <p>
                {isOffer
                  ? day(event.startDate)
                  : t('news.period', { start: day(event.startDate), end: day(event.endDate) })}
              </p>
              {event.startTime && event.endTime && (
                <p>{t('news.slot', { start: event.startTime, end: event.endTime })}</p>
              )}
              {isCampaign && event.startTime && (
                <p data-testid="campaign-moment">
                  {t('news.calendar.goesOut', { time: event.startTime })}
                  {event.scheduledFor &&
                    ` ${t('news.calendar.heldBack', {
                      day: clock.day(event.scheduledFor.date, { dateStyle: 'medium' }),
                      time: event.scheduledFor.hour,
                    })}`}
                </p>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button asChild>
                <Link
                  href={
                    isCampaign
                      ? `/pages/campaign/${event.id}`
                      : isOffer
                        ? ROUTES.loyalty.path
                        : ROUTES.news.path
                  }
                >
                  {isCampaign
                    ? t('news.calendar.openCampaign')
                    : isOffer
                      ? t('nav.loyalty')
                      : t('news.title')}
                </Link>
              </Button>
            </Dialog.Footer>
          </>
        )}
      </Dialog.Panel>
    </Dialog.Root>
  )
}

const styles = {
  page: css({ display: 'flex', flexDirection: 'column', gap: '4', maxW: '7xl', mx: 'auto', w: 'full' }),
  toolbar: css({
    display: 'flex',
    flexWrap: 'wrap',
    gap: '3',
    alignItems: 'flex-end',
    justifyContent: 'space-between',
  }),
  group: css({
    display: 'flex',
    flexWrap: 'wrap',
    gap: '2',
    alignItems: 'center',
    border: 'none',
    p: '0',
    m: '0',
  }),
  range: css({ textStyle: 'lg', fontWeight: 'semibold', ml: '2', textTransform: 'capitalize' }),
  legend: css({
    display: 'flex',
    gap: '4',
    flexWrap: 'wrap',
    textStyle: 'sm',
    color: 'fg.muted',
    '& li': { display: 'flex', alignItems: 'center', gap: '1.5' },
  }),
  swatch: css({
    w: '3',
    h: '3',
    borderRadius: 'full',
    '&[data-kind=news]': { bg: 'accent.solid' },
    '&[data-kind=happy-hour]': { bg: 'warning.solid' },
    '&[data-kind=offer-expiry]': { bg: 'danger.solid' },
    '&[data-kind=campaign]': { bg: 'success.solid' },
  }),
  loading: css({ opacity: 0.6, transition: 'opacity {durations.normal}' }),
}
