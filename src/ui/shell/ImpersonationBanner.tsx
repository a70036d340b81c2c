import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { ArrowBackIcon, ShieldIcon } from './icons'

/** An admin acting as a merchant (§4): said plainly on every page, with the way back. */
export function ImpersonationBanner({ name, onBack }: { name: string; onBack: () => void }) {
  const intl = useIntl()
  return (
    <section className={styles.banner} aria-label={intl.formatMessage({ id: 'shell.impersonation.label' })}>
      <ShieldIcon className={styles.icon} />
      <p className={styles.text}>{intl.formatMessage({ id: 'shell.impersonation.actingAs' }, { name })}</p>
      <button type="button" className={styles.button} onClick={onBack}>
        <ArrowBackIcon className={styles.backIcon} />
        {intl.formatMessage({ id: 'shell.impersonation.back' })}
      </button>
    </section>
  )
}

const styles = {
  banner: css({
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: '3',
    px: { base: '4', md: '6' },
    py: '2',
    bg: 'warning.subtle',
    color: 'warning.text',
    borderBottomWidth: '1px',
    borderColor: 'warning.border',
  }),
  icon: css({ width: '5', height: '5', flexShrink: '0' }),
  text: css({ fontWeight: 'semibold', flex: '1', minW: '0' }),
  button: css({
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    h: '8',
    px: '3',
    borderRadius: 'l2',
    borderWidth: '1px',
    borderColor: 'warning.border',
    bg: 'bg.default',
    color: 'warning.text',
    fontWeight: 'semibold',
    cursor: 'pointer',
    outline: 'none',
    _hover: { bg: 'warning.subtleHover' },
    _focusVisible: { outline: '2px solid', outlineColor: 'warning.focusRing', outlineOffset: '2px' },
  }),
  backIcon: css({ width: '4', height: '4', _rtl: { transform: 'scaleX(-1)' } }),
}
