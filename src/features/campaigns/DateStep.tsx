// The editor's third step (§4 Campaign, §9): send now or schedule a start (day and hour) and an optional
// end, in the franchise's time zone, shown as such; the 08:00-20:00 window explained, a time outside it
// refused on the field, and when the campaign will really go out (the engine holds SMS back on Sundays
// and public holidays). An edit of a sent campaign keeps its start: nothing to choose.
import type { CampaignEditorEvent } from '../../../machines/campaign-editor/campaign-editor.types'
import type { CampaignEditorView } from '../../../machines/campaign-editor/campaign-editor.view'
import type { ScheduleForm } from '../../domain/campaign-draft'
import { Input, Radios, Section, styles } from '../../ui/campaign-parts'
import { useClock } from '../../ui/i18n/clock'
import type { MessageId } from '../../ui/i18n/messages'
import { useT } from '../../ui/i18n/t'

type Props = { view: CampaignEditorView; send: (e: CampaignEditorEvent) => void }

const hh = (h: number) => `${String(h).padStart(2, '0')}:00`

export function DateStep({ view, send }: Props) {
  const t = useT()
  const s = view.draft.schedule
  const e = view.errors.date
  const set = (field: keyof ScheduleForm) => (value: string) =>
    send({ type: 'editor.schedule', field, value })
  const window = { open: hh(view.window.openHour), close: hh(view.window.closeHour), timezone: view.timezone }
  return (
    <Section title={t('communication.steps.date')}>
      <p className={styles.hint}>{t('communication.date.window', window)}</p>
      {view.isSent ? (
        <p role="note" className={styles.note}>
          {t('communication.date.alreadySent')}
        </p>
      ) : (
        <>
          <Radios
            legend={t('communication.date.when')}
            name="mode"
            value={s.mode}
            options={[
              { value: 'now', label: t('communication.date.now') },
              { value: 'later', label: t('communication.date.later') },
            ]}
            onChange={set('mode')}
          />
          <SendMomentNote view={view} />
          {s.mode === 'later' && (
            <div className={styles.grid}>
              <Input
                label={t('communication.date.day', { timezone: view.timezone })}
                type="date"
                value={s.date}
                error={e.date}
                name="date"
                onChange={set('date')}
              />
              <Input
                label={t('communication.date.hour', { timezone: view.timezone })}
                type="time"
                value={s.hour}
                error={e.hour}
                name="hour"
                helperText={t('communication.date.hourHelp', window)}
                onChange={set('hour')}
              />
            </div>
          )}
        </>
      )}
      <div className={styles.grid}>
        <Input
          label={t('communication.date.end')}
          type="date"
          value={s.endDate}
          error={e.endDate}
          name="endDate"
          helperText={t('communication.date.endHelp')}
          onChange={set('endDate')}
        />
      </div>
    </Section>
  )
}

/** When it really goes out, as the engine will send it (campaign-draft.ts draftSendMoment). */
function SendMomentNote({ view }: { view: CampaignEditorView }) {
  const t = useT()
  const clock = useClock()
  const m = view.sendMoment
  if (!m || (view.draft.schedule.mode === 'now' && !m.delay)) return null
  const moment = {
    day: clock.day(m.day, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
    hour: m.hour,
    timezone: view.timezone,
  }
  return (
    <p role="status" className={m.delay ? styles.note : styles.hint} data-testid="send-moment">
      {t(`communication.date.goesOut.${m.delay ?? 'asChosen'}` as MessageId, moment)}
    </p>
  )
}
