import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { BrandMark } from '../../ui/BrandMark'
import { Button } from '../../ui/Button'
import { ErrorCircleIcon } from '../../ui/icons'
import { cardStyles } from './AuthCard'
import { useAuthMessages } from './messages'

export type AuthTone = 'accent' | 'success' | 'danger' | 'warning'

export interface AuthLayoutProps {
  title: string
  subtitle?: ReactNode
  /** A large icon above the title, for result screens (sent, changed, invalid link …). */
  icon?: ReactNode
  tone?: AuthTone
  /** Below the card: links to the other auth pages. */
  footer?: ReactNode
  /** The confirmation page needs room for the terms. */
  width?: 'narrow' | 'wide'
  children?: ReactNode
}

/**
 * The standalone page the auth screens share (SPEC §2: no navbar on these pages): the brand, one card
 * with a heading, and links below. The document title follows the heading.
 */
export function AuthLayout({
  title,
  subtitle,
  icon,
  tone = 'accent',
  footer,
  width = 'narrow',
  children,
}: AuthLayoutProps) {
  const { t } = useAuthMessages()
  return (
    <main className={styles.page}>
      <title>{`${title} · ${t('app.name')}`}</title>
      <BrandMark />
      <div className={cx(styles.card, width === 'wide' && styles.wide)}>
        <header className={styles.header}>
          {icon && <span className={cx(styles.icon, styles.tones[tone])}>{icon}</span>}
          <h1 className={styles.title}>{title}</h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        </header>
        {children}
      </div>
      {footer && <div className={styles.footer}>{footer}</div>}
    </main>
  )
}

/** A message for the whole form, announced at once; with a retry button when the step can be retried. */
export function FormAlert({
  message,
  onRetry,
}: {
  message: string | null | undefined
  onRetry?: () => void
}) {
  const { t, say } = useAuthMessages()
  if (!message) return null
  return (
    <div role="alert" className={styles.alert}>
      <ErrorCircleIcon />
      <span className={styles.alertText}>{say(message)}</span>
      {onRetry && (
        <Button size="sm" variant="outline" tone="danger" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </div>
  )
}

export const authStyles = {
  form: css({ display: 'flex', flexDirection: 'column', gap: '5' }),
  actions: css({ display: 'flex', flexDirection: 'column', gap: '3' }),
  text: css({ color: 'fg.muted', textStyle: 'md' }),
  footerLine: css({ display: 'flex', gap: '1.5', flexWrap: 'wrap', justifyContent: 'center' }),
}

const styles = {
  page: css({
    minHeight: '100dvh',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '8',
    px: { base: '4', md: '6' },
    py: { base: '10', md: '16' },
    bg: 'bg.canvas',
  }),
  ...cardStyles,
  wide: css({ maxWidth: '44rem' }),
  alert: css({
    display: 'flex',
    alignItems: 'center',
    gap: '2',
    p: '3',
    borderRadius: 'l2',
    bg: 'danger.subtle',
    color: 'danger.text',
    borderWidth: '1px',
    borderColor: 'danger.border',
    textStyle: 'sm',
    fontWeight: 'medium',
    '& > svg': { width: '5', height: '5', flexShrink: '0' },
  }),
  alertText: css({ flex: '1' }),
}
