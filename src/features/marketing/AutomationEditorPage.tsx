// An automation's editor (issue 20): the message with the campaign editor's SMS counter, the coupon,
// the audience filters (the campaign editor's, src/ui/AudienceFilters) and the timing (when the daily
// run happens; a lost customer's delay, which is the franchise's setting, with the way there); the active
// switch; reset to the type; the stats and sends per month.
import { FormattedNumber } from 'react-intl'
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import type { AutomationEditorEvent } from '../../../machines/automation-editor/automation-editor.machine'
import type { AutomationEditorView } from '../../../machines/automation-editor/automation-editor.view'
import type { AutomationTextField } from '../../domain/automation-draft'
import { AUTOMATION_ROUTES, runTimeOfDay } from '../../domain/automations'
import { AudienceFilters } from '../../ui/AudienceFilters'
import { Button } from '../../ui/Button'
import { Input, styles as parts, Radios, Section } from '../../ui/campaign-parts'
import { ConfirmDialog } from '../../ui/Dialog'
import { useClock } from '../../ui/i18n/clock'
import type { MessageId } from '../../ui/i18n/messages'
import { useT } from '../../ui/i18n/t'
import { ErrorPanel } from '../../ui/Panels'
import { SmsCounter } from '../../ui/SmsCounter'
import { Spinner } from '../../ui/Spinner'
import { StoreCheckboxes } from '../../ui/StoreCheckboxes'
import { ActiveSwitch } from './ActiveSwitch'

type Props = { view: AutomationEditorView; send: (e: AutomationEditorEvent) => void; currency: string }

export function AutomationEditorPage({ view, send, currency }: Props) {
  const t = useT()
  const clock = useClock()
  const f = view.form
  const err = (field: Exclude<keyof typeof view.errors, 'filters'>) =>
    view.errors[field] ? t(`automatedMarketing.errors.${view.errors[field]}` as MessageId) : undefined
  const field = (name: AutomationTextField) => ({
    name,
    value: f[name] as string,
    errorText: err(name),
    onChange: (value: string) => send({ type: 'automation.change', field: name, value }),
  })
  if (view.isLoading) return <Spinner />
  if (view.hasFailed)
    return (
      <ErrorPanel
        message={t('automatedMarketing.errors.load')}
        onRetry={() => send({ type: 'automation.retry' })}
      />
    )
  const s = view.automation?.stats
  return (
    <form
      className={styles.page}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        send({ type: 'automation.submit' })
      }}
    >
      <div className={styles.head}>
        <h1 className={styles.title}>
          {t(`automatedMarketing.type.${AUTOMATION_ROUTES[view.type]}` as MessageId)}
        </h1>
        <ActiveSwitch checked={f.isActive} onToggle={() => send({ type: 'automation.toggleActive' })} />
      </div>
      {view.notice && <p role="status">{t(view.notice as MessageId)}</p>}
      {view.formError && <p role="alert">{t(view.formError as MessageId)}</p>}
      <Section title={t('automatedMarketing.message')}>
        <Input label={t('automatedMarketing.fields.title')} {...field('title')} />
        <Radios
          legend={t('automatedMarketing.channel')}
          name="channel"
          value={f.channel}
          options={[
            { value: 'PUSH', label: t('automatedMarketing.push') },
            { value: 'SMS', label: t('automatedMarketing.sms') },
          ]}
          onChange={(channel) => send({ type: 'automation.channel', channel })}
        />
        {f.channel === 'PUSH' && (
          <Input label={t('automatedMarketing.fields.notificationTitle')} {...field('notificationTitle')} />
        )}
        <label className={parts.legend}>
          {t('automatedMarketing.fields.message')}
          <textarea
            className={parts.textarea}
            value={f.message}
            aria-invalid={view.errors.message ? true : undefined}
            onChange={(e) => send({ type: 'automation.change', field: 'message', value: e.target.value })}
          />
        </label>
        {err('message') && <p className={parts.error}>{err('message')}</p>}
        {f.channel === 'SMS' && <SmsCounter view={{ sms: view.sms, draft: { message: f.message } }} />}
        <Input label={t('automatedMarketing.fields.link')} {...field('link')} />
      </Section>
      <Section title={t('automatedMarketing.coupon')}>
        <Radios
          legend={t('automatedMarketing.coupon')}
          name="couponType"
          value={f.couponType}
          options={[
            { value: '', label: t('automatedMarketing.couponNone') },
            { value: 'percentage', label: t('automatedMarketing.couponPercent') },
            { value: 'flat', label: t('automatedMarketing.couponAmount', { currency }) },
            { value: 'product', label: t('automatedMarketing.couponProduct') },
          ]}
          onChange={(value) => send({ type: 'automation.change', field: 'couponType', value })}
        />
        {f.couponType && (
          <div className={parts.grid}>
            {f.couponType !== 'product' && (
              <Input
                label={t('automatedMarketing.fields.couponValue')}
                inputMode="decimal"
                {...field('couponValue')}
              />
            )}
            <Input label={t('automatedMarketing.fields.couponHeader')} {...field('couponHeader')} />
            <Input
              label={t('automatedMarketing.fields.validityValue')}
              inputMode="numeric"
              {...field('validityValue')}
            />
          </div>
        )}
      </Section>
      <Section title={t('automatedMarketing.filters')}>
        {view.stores.length > 0 && (
          <StoreCheckboxes
            legend={t('automatedMarketing.stores')}
            stores={view.stores}
            checked={f.storeIds}
            error={err('storeIds')}
            onToggle={(storeId) => send({ type: 'automation.toggleStore', storeId })}
          />
        )}
        <AudienceFilters
          values={f.filters}
          errors={view.filterErrors}
          onChange={(field, value) => send({ type: 'automation.filter', field, value })}
          onToggle={(field, value) => send({ type: 'automation.toggleFilter', field, value })}
        />
      </Section>
      <Section title={t('automatedMarketing.timing')}>
        {view.type === 'BIRTHDAY' && (
          <Input
            label={t('automatedMarketing.fields.daysBefore')}
            inputMode="numeric"
            {...field('daysBefore')}
          />
        )}
        {view.type === 'NEW_CUSTOMER' && (
          <Input
            label={t('automatedMarketing.fields.delayDays')}
            inputMode="numeric"
            {...field('delayDays')}
          />
        )}
        {view.type === 'LOST_CUSTOMER' && view.automation?.lostAfter && (
          <p>
            {t('automatedMarketing.lostTiming', {
              value: view.automation.lostAfter.value,
              unit: t(`franchise.qualification.units.${view.automation.lostAfter.unit}`),
            })}{' '}
            <Link href="/pages/franchise#franchise-settings">{t('automatedMarketing.lostSetting')}</Link>
          </p>
        )}
        {view.automation && (
          <p className={styles.muted}>
            {t('automatedMarketing.schedule', {
              time: clock.time(runTimeOfDay(view.automation.schedule)),
              timezone: clock.city,
            })}{' '}
            {view.automation.schedule.nextRunAt &&
              `${t('automatedMarketing.nextRun')}: ${clock.dateTime(view.automation.schedule.nextRunAt)}.`}
          </p>
        )}
      </Section>
      <div className={styles.actions}>
        <Button type="button" variant="outline" onClick={() => send({ type: 'automation.reset' })}>
          {t('automatedMarketing.reset')}
        </Button>
        <Button
          type="button"
          variant="ghost"
          onClick={() => send({ type: 'automation.leave', to: '/pages/marketing/list' })}
        >
          {t('automatedMarketing.back')}
        </Button>
        <Button type="submit" loading={view.isSaving}>
          {t('automatedMarketing.save')}
        </Button>
      </div>
      {s && (
        <Section title={t('automatedMarketing.stats')}>
          <dl className={styles.figures}>
            <dt>{t('automatedMarketing.sent')}</dt>
            <dd>{s.sent}</dd>
            <dt>{t('automatedMarketing.opened')}</dt>
            <dd>{s.openedPercent} %</dd>
            <dt>{t('automatedMarketing.coupons')}</dt>
            <dd>
              {s.couponsGenerated} / {s.couponsRedeemed}
            </dd>
            <dt>{t('automatedMarketing.conversion')}</dt>
            <dd>{s.conversionPercent} %</dd>
            <dt>{t('automatedMarketing.turnover')}</dt>
            <dd>
              <FormattedNumber value={s.turnover / 100} style="currency" currency={currency} />
            </dd>
            <dt>{t('automatedMarketing.averageBasket')}</dt>
            <dd>
              <FormattedNumber value={s.averageBasket / 100} style="currency" currency={currency} />
            </dd>
          </dl>
          <MonthChart months={view.months} />
        </Section>
      )}
      <ConfirmDialog
        open={view.isConfirmingLeave}
        title={t('automatedMarketing.unsavedTitle')}
        description={t('automatedMarketing.unsavedText')}
        confirmLabel={t('automatedMarketing.leave')}
        cancelLabel={t('automatedMarketing.stay')}
        onConfirm={() => send({ type: 'automation.confirmLeave' })}
        onOpenChange={(open) => !open && send({ type: 'automation.stay' })}
      />
    </form>
  )
}

/** Sends and conversions per month, as bars. */
function MonthChart({ months }: { months: AutomationEditorView['months'] }) {
  const t = useT()
  const top = Math.max(1, ...months.map((m) => m.sent))
  return (
    <figure aria-label={t('automatedMarketing.chart')} className={styles.chart}>
      {months.map((m) => (
        <div key={m.month} className={styles.bar} title={`${m.month}: ${m.sent} / ${m.converted}`}>
          <span className={styles.sent} style={{ height: `${(m.sent / top) * 100}%` }} />
          <span className={styles.converted} style={{ height: `${(m.converted / top) * 100}%` }} />
          <small>{m.month.slice(5)}</small>
        </div>
      ))}
    </figure>
  )
}

const styles = {
  page: css({ display: 'flex', flexDirection: 'column', gap: '4', maxW: '3xl' }),
  head: css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }),
  title: css({ textStyle: 'xl', fontWeight: 'semibold' }),
  muted: css({ color: 'fg.muted' }),
  actions: css({ display: 'flex', gap: '2', justifyContent: 'flex-end' }),
  figures: css({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '1' }),
  chart: css({ display: 'flex', gap: '2', alignItems: 'flex-end', h: '32', m: '0' }),
  bar: css({ display: 'flex', alignItems: 'flex-end', gap: '0.5', h: 'full' }),
  sent: css({ w: '3', bg: 'colorPalette.default', colorPalette: 'accent' }),
  converted: css({ w: '3', bg: 'green.9' }),
}
