import { css, cx } from 'styled-system/css'
import type { AuthLayoutProps } from './AuthLayout'
import { useAuthMessages } from './messages'

export type AuthCardProps = Omit<AuthLayoutProps, 'width'>

/**
 * An auth screen's card for a page that sits inside the shell (SPEC §2: reset password shows the
 * toolbar and footer, not the navbar): the same card as AuthLayout's, without the page around it,
 * whose <main> and brand the shell already has. The document title follows the heading.
 */
export function AuthCard({ title, subtitle, icon, tone = 'accent', footer, children }: AuthCardProps) {
  const { t } = useAuthMessages()
  return (
    <div className={styles.page}>
      <title>{`${title} · ${t('app.name')}`}</title>
      <div className={styles.card}>
        {/* A plain block, not a <header>: the shell's toolbar is the page's only banner. */}
        <div className={styles.header}>
          {icon && <span className={cx(styles.icon, styles.tones[tone])}>{icon}</span>}
          <h1 className={styles.title}>{title}</h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        </div>
        {children}
      </div>
      {footer && <div className={styles.footer}>{footer}</div>}
    </div>
  )
}

/** The card's parts, shared with AuthLayout (the standalone page around the same card). */
export const cardStyles = {
  card: css({
    width: 'full',
    maxWidth: '28rem',
    display: 'flex',
    flexDirection: 'column',
    gap: '6',
    bg: 'bg.default',
    borderWidth: '1px',
    borderRadius: 'l4',
    boxShadow: 'sm',
    px: { base: '6', md: '8' },
    py: { base: '8', md: '10' },
  }),
  header: css({ display: 'flex', flexDirection: 'column', gap: '2' }),
  icon: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '12',
    height: '12',
    borderRadius: 'full',
    mb: '2',
    bg: 'colorPalette.subtle',
    color: 'colorPalette.text',
    '& svg': { width: '6', height: '6' },
  }),
  tones: {
    accent: css({ colorPalette: 'accent' }),
    success: css({ colorPalette: 'success' }),
    danger: css({ colorPalette: 'danger' }),
    warning: css({ colorPalette: 'warning' }),
  },
  title: css({ textStyle: '2xl', fontWeight: 'bold', color: 'fg.default' }),
  subtitle: css({ textStyle: 'md', color: 'fg.muted' }),
  footer: css({ textStyle: 'sm', color: 'fg.muted', textAlign: 'center' }),
}

const styles = {
  ...cardStyles,
  page: css({
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '8',
    py: { base: '4', md: '10' },
  }),
}
