// The editor's last step: a phone-sized preview of the SMS or the notification exactly as it will arrive
// (sender id, text, link, opt-out mention; the coupon), the recipients and the total cost, then the §4
// validation dialog.
import { css } from 'styled-system/css'
import type { CampaignEditorView } from '../../../machines/campaign-editor/campaign-editor.view'
import { Section, styles } from '../../ui/campaign-parts'
import { useClock } from '../../ui/i18n/clock'
import { useT } from '../../ui/i18n/t'
import { AudienceSummary, CouponSummary } from './Summaries'

export function PreviewStep({ view }: { view: CampaignEditorView }) {
  const t = useT()
  const { date } = useClock()
  const d = view.draft
  const s = d.schedule
  return (
    <div className={local.layout}>
      <div className={local.phone} data-testid="phone-preview">
        <div className={local.screen}>
          {d.channel === 'SMS' ? (
            <>
              <p className={local.sender}>{view.senderId ?? '—'}</p>
              <p className={local.bubble}>{view.smsText}</p>
            </>
          ) : (
            <div className={local.notification}>
              {view.imagePreview && <img src={view.imagePreview} alt="" className={local.image} />}
              <p className={local.title}>{d.title}</p>
              <p>{d.message}</p>
              {d.link.trim() && <p className={local.link}>{d.link.trim()}</p>}
            </div>
          )}
          {d.content !== 'NEWS' && <CouponSummary draft={d} currency={view.currencyCode} />}
        </div>
      </div>
      <Section title={t('communication.steps.preview')}>
        <dl className={local.facts}>
          <dt>{t('communication.fields.name')}</dt>
          <dd>{d.name}</dd>
          <dt>{t('communication.fields.channel')}</dt>
          <dd>{t(d.channel === 'SMS' ? 'communication.channel.sms' : 'communication.channel.push')}</dd>
          <dt>{t('communication.date.when')}</dt>
          <dd>
            {view.isSent
              ? t('communication.date.alreadySent')
              : s.mode === 'now'
                ? t('communication.date.now')
                : t('communication.preview.at', {
                    date: date(s.date),
                    hour: s.hour,
                    timezone: view.timezone,
                  })}
          </dd>
        </dl>
        <AudienceSummary view={view} />
        <p className={styles.hint}>{t('communication.preview.exactly')}</p>
      </Section>
    </div>
  )
}

const local = {
  layout: css({
    display: 'grid',
    gap: '6',
    gridTemplateColumns: { base: '1fr', md: '320px 1fr' },
    alignItems: 'start',
  }),
  phone: css({
    w: '300px',
    minH: '520px',
    mx: 'auto',
    p: '3',
    borderRadius: '36px',
    borderWidth: '10px',
    borderColor: 'fg.default',
    bg: 'bg.subtle',
  }),
  screen: css({ display: 'flex', flexDirection: 'column', gap: '3', pt: '6' }),
  sender: css({ textAlign: 'center', fontWeight: 'semibold', textStyle: 'sm' }),
  bubble: css({
    whiteSpace: 'pre-wrap',
    wordBreak: 'break-word',
    p: '3',
    bg: 'bg.default',
    borderRadius: 'l3',
    textStyle: 'sm',
    maxW: '90%',
  }),
  notification: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '1',
    p: '3',
    bg: 'bg.default',
    borderRadius: 'l3',
    textStyle: 'sm',
  }),
  title: css({ fontWeight: 'semibold' }),
  link: css({ color: 'accent.text', wordBreak: 'break-all' }),
  image: css({ borderRadius: 'l2', maxH: '32', objectFit: 'cover' }),
  facts: css({
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    gap: '2 4',
    textStyle: 'sm',
    '& dt': { color: 'fg.muted' },
  }),
}
