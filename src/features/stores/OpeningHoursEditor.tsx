// The opening-hours editor of the store form: per day, its HH:MM ranges (add, change, remove), a copy to
// every day, the day's error, and the week grouped for reading (open-week groups and the closed days).
// It only renders and reports events; the store editor machine owns the hours and their rules.
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import type { StoreEditorEvent } from '../../../machines/store-editor/store-editor.machine'
import { WEEK_DAYS, type WeekDay } from '../../domain/constants'
import type { DayErrors, groupWeek, WeekHours } from '../../domain/opening-hours'
import { Button } from '../../ui/Button'
import { useClockTime } from '../../ui/i18n/format'
import type { MessageId } from '../../ui/i18n/messages'
import { TimeInput } from '../../ui/TimeInput'

export interface OpeningHoursEditorProps {
  hours: WeekHours
  errors: DayErrors
  groups: ReturnType<typeof groupWeek>
  send: (event: StoreEditorEvent) => void
  disabled?: boolean
  /** The summary's heading level: one below the heading above it (the page's h1, or a dialog's h2). */
  headingLevel?: 2 | 3
}

export function OpeningHoursEditor({
  hours,
  errors,
  groups,
  send,
  disabled,
  headingLevel = 2,
}: OpeningHoursEditorProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const intl = useIntl()
  const clock = useClockTime()
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)
  const dayName = (d: WeekDay) => t(`store.hours.days.${d}` as MessageId)
  return (
    <div className={styles.root}>
      <ul className={styles.days}>
        {WEEK_DAYS.map((day) => {
          const errorId = `hours-error-${day}`
          const error = errors[day]
          return (
            <li key={day} className={styles.day} data-invalid={error ? '' : undefined}>
              <span className={styles.dayName}>{dayName(day)}</span>
              <div className={styles.ranges}>
                {hours[day].length === 0 && <span className={styles.closed}>{t('store.hours.closed')}</span>}
                {hours[day].map((range, index) => {
                  const n = index + 1
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: ranges have no identity but their place
                    <div key={index} className={styles.range}>
                      {(['open', 'close'] as const).map((field) => (
                        <TimeInput
                          key={field}
                          className={styles.time}
                          value={range[field]}
                          disabled={disabled}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? errorId : undefined}
                          aria-label={t(
                            field === 'open' ? 'store.hours.openLabel' : 'store.hours.closeLabel',
                            {
                              day: dayName(day),
                              n,
                            },
                          )}
                          onValue={(value) => send({ type: 'hours.set', day, index, field, value })}
                        />
                      ))}
                      <Button
                        size="sm"
                        variant="ghost"
                        tone="neutral"
                        disabled={disabled}
                        aria-label={t('store.hours.removeFor', { day: dayName(day), n })}
                        onClick={() => send({ type: 'hours.remove', day, index })}
                      >
                        {t('store.hours.remove')}
                      </Button>
                    </div>
                  )
                })}
                {error && (
                  <p id={errorId} role="alert" className={styles.error}>
                    {t(`store.hours.errors.${error}` as MessageId, { day: dayName(day) })}
                  </p>
                )}
              </div>
              <div className={styles.dayActions}>
                <Button
                  size="sm"
                  variant="outline"
                  tone="neutral"
                  disabled={disabled}
                  aria-label={t('store.hours.addFor', { day: dayName(day) })}
                  onClick={() => send({ type: 'hours.add', day })}
                >
                  {t('store.hours.add')}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  tone="neutral"
                  disabled={disabled}
                  // The name starts with the words shown, then says which day (WCAG 2.5.3).
                  aria-label={t('store.hours.copyFor', { day: dayName(day) })}
                  onClick={() => send({ type: 'hours.copy', from: day, to: [...WEEK_DAYS] })}
                >
                  {t('store.hours.copy')}
                </Button>
              </div>
            </li>
          )
        })}
      </ul>
      <section className={styles.summary} aria-label={t('store.hours.summary')}>
        <Heading className={styles.summaryTitle}>{t('store.hours.summary')}</Heading>
        <ul>
          {groups.open.map((g) => (
            <li key={g.days.join()}>
              <strong>{g.days.map(dayName).join(', ')}</strong>
              {' · '}
              {g.ranges.map((r) => `${clock(r.open)}–${clock(r.close)}`).join(', ')}
            </li>
          ))}
          {groups.closed.length > 0 && (
            <li>{t('store.hours.closedDays', { days: groups.closed.map(dayName).join(', ') })}</li>
          )}
        </ul>
      </section>
    </div>
  )
}

const styles = {
  root: css({ display: 'grid', gap: '4' }),
  days: css({ display: 'grid', gap: '2' }),
  day: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: '7rem 1fr auto' },
    alignItems: 'start',
    gap: '2',
    py: '2',
    borderBottomWidth: '1px',
    borderColor: 'border.subtle',
  }),
  dayName: css({ fontWeight: 'semibold', pt: '1.5' }),
  ranges: css({ display: 'grid', gap: '1.5' }),
  range: css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' }),
  time: css({
    px: '2',
    py: '1',
    borderWidth: '1px',
    borderColor: 'border.default',
    borderRadius: 'l2',
    bg: 'bg.default',
    '&[aria-invalid=true]': { borderColor: 'danger.border' },
  }),
  closed: css({ color: 'fg.muted', pt: '1.5' }),
  error: css({ color: 'danger.text', textStyle: 'sm' }),
  dayActions: css({ display: 'flex', gap: '1', flexWrap: 'wrap' }),
  summary: css({ bg: 'bg.subtle', borderRadius: 'l2', p: '3', textStyle: 'sm' }),
  summaryTitle: css({ fontWeight: 'semibold', mb: '1' }),
}
