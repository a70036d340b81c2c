import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { COMPANY_NAME, SUPPORT_EMAIL } from './config'
import { LifeBuoyIcon } from './icons'

/** §1 footer: a support contact link and the company line. */
export function Footer({ year = new Date().getFullYear() }: { year?: number }) {
  const intl = useIntl()
  return (
    <footer className={styles.footer}>
      <p className={styles.company}>
        {intl.formatMessage({ id: 'shell.footer.company' }, { year, company: COMPANY_NAME })}
      </p>
      <a className={styles.support} href={`mailto:${SUPPORT_EMAIL}`}>
        <LifeBuoyIcon className={styles.icon} />
        {intl.formatMessage({ id: 'shell.footer.support' })}
        <span className={styles.email}>{SUPPORT_EMAIL}</span>
      </a>
    </footer>
  )
}

const styles = {
  footer: css({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '3',
    px: { base: '4', md: '8' },
    py: '4',
    borderTopWidth: '1px',
    bg: 'bg.default',
    color: 'fg.muted',
    textStyle: 'xs',
  }),
  company: css({}),
  support: css({
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    color: 'fg.muted',
    fontWeight: 'medium',
    textDecoration: 'none',
    borderRadius: 'l1',
    outline: 'none',
    _hover: { color: 'accent.text', textDecoration: 'underline' },
    _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '2px' },
  }),
  icon: css({ width: '4', height: '4' }),
  email: css({
    color: 'fg.subtle',
    fontWeight: 'normal',
    display: { base: 'none', sm: 'inline' },
    '&::before': { content: '"·"', mx: '1.5' },
  }),
}
