import { css } from 'styled-system/css'
import type { MessageId } from '../../ui/i18n/messages'
import { useAuthMessages } from './messages'

const SECTIONS: [title: MessageId, body: MessageId][] = [
  ['auth.terms.subscription.title', 'auth.terms.subscription.body'],
  ['auth.terms.data.title', 'auth.terms.data.body'],
  ['auth.terms.sms.title', 'auth.terms.sms.body'],
  ['auth.terms.account.title', 'auth.terms.account.body'],
  ['auth.terms.changes.title', 'auth.terms.changes.body'],
]

/**
 * The terms of service (the CGV of §4) a new merchant accepts: subscription, data processing, SMS
 * rules. A scrollable region the keyboard can reach, so it can be read without a mouse.
 */
export function TermsOfService() {
  const { t } = useAuthMessages()
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll by keyboard
    <section className={styles.box} aria-labelledby="terms-title" tabIndex={0}>
      <h2 id="terms-title" className={styles.title}>
        {t('auth.terms.title')}
      </h2>
      <p>{t('auth.terms.intro')}</p>
      {SECTIONS.map(([title, body]) => (
        <div key={title} className={styles.section}>
          <h3 className={styles.heading}>{t(title)}</h3>
          <p>{t(body)}</p>
        </div>
      ))}
    </section>
  )
}

const styles = {
  box: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '4',
    maxHeight: { base: '20rem', md: '24rem' },
    overflowY: 'auto',
    p: '5',
    borderWidth: '1px',
    borderRadius: 'l3',
    bg: 'bg.subtle',
    color: 'fg.muted',
    textStyle: 'sm',
    lineHeight: '1.6',
    _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '2px' },
  }),
  title: css({ textStyle: 'lg', fontWeight: 'semibold', color: 'fg.default' }),
  section: css({ display: 'flex', flexDirection: 'column', gap: '1' }),
  heading: css({ textStyle: 'sm', fontWeight: 'semibold', color: 'fg.default' }),
}
