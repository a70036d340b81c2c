// The SMS counter (§5, §9): characters of the whole message (the link and the opt-out mention counted)
// against the limit of its encoding (one SMS per message: past it the text is too long, never "2 SMS"),
// what is added to the merchant's text and the room it leaves, and each offending character
// highlighted with its reason (emoji: refused; outside the SMS alphabet: the limit drops to 70).
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import type { SmsTextCheck } from '../domain/sms'
import { useT } from './i18n/t'

/** Shared by the campaign editor and the automated-marketing editor (issue 20). */
export function SmsCounter({ view }: { view: { sms: SmsTextCheck; draft: { message: string } } }) {
  const t = useT()
  const intl = useIntl()
  const { sms } = view
  // What the counter counts beyond the merchant's text, said as soon as it is counted (§5).
  const parts = [
    ...(sms.fixed.optOut ? [t('communication.sms.fixedOptOut', { optOut: sms.fixed.optOut })] : []),
    ...(sms.fixed.link ? [t('communication.sms.fixedLink', { link: sms.fixed.link })] : []),
  ]
  const offenders = [
    ...sms.emoji.map((o) => ({ ...o, reason: 'emoji' as const })),
    ...sms.nonGsm.map((o) => ({ ...o, reason: 'nonGsm' as const })),
  ].sort((a, b) => a.position - b.position)
  const marked = new Map(offenders.map((o) => [o.position, o.reason]))
  const chars = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(view.draft.message)].map(
    (s) => s.segment,
  )
  return (
    <div className={styles.box}>
      <p className={sms.isLengthValid ? styles.count : styles.over} data-testid="sms-counter">
        {sms.isLengthValid
          ? t('communication.sms.count', { length: sms.length, limit: sms.limit })
          : t('communication.sms.tooLong', {
              length: sms.length,
              limit: sms.limit,
              over: sms.length - sms.limit,
            })}
      </p>
      {parts.length > 0 && (
        <p className={styles.count} data-testid="sms-fixed">
          {t('communication.sms.fixed', {
            length: sms.fixed.length,
            parts: intl.formatList(parts, { type: 'conjunction' }),
            room: sms.room,
          })}
        </p>
      )}
      {offenders.length > 0 && (
        <>
          <p className={styles.text} aria-hidden="true">
            {chars.map((c, i) =>
              marked.has(i) ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: a character's position is its identity here
                <mark key={i} className={marked.get(i) === 'emoji' ? styles.emoji : styles.nonGsm}>
                  {c}
                </mark>
              ) : (
                c
              ),
            )}
          </p>
          <ul className={styles.list}>
            {offenders.map((o) => (
              <li key={`${o.position}-${o.char}`}>
                {t(o.reason === 'emoji' ? 'communication.sms.emoji' : 'communication.sms.nonGsm', {
                  char: o.char,
                  position: o.position + 1,
                })}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}

const styles = {
  box: css({ display: 'flex', flexDirection: 'column', gap: '1.5', textStyle: 'sm' }),
  count: css({ color: 'fg.muted' }),
  over: css({ color: 'danger.text', fontWeight: 'medium' }),
  text: css({ whiteSpace: 'pre-wrap', p: '2', bg: 'bg.subtle', borderRadius: 'l2' }),
  emoji: css({ bg: 'danger.subtle', color: 'danger.text', borderRadius: 'l1' }),
  nonGsm: css({ bg: 'warning.subtle', color: 'warning.text', borderRadius: 'l1' }),
  list: css({ listStyle: 'disc', pl: '5', color: 'fg.muted' }),
}
