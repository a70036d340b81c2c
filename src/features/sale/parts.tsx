// Shared parts and styles of the sale screens (dialogs, tag scanner, store tags).
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { useT } from '../../ui/i18n/t'

export { useT }

/** An inline message: info (nothing to show), warning, or error (role alert, with a retry). */
export function Notice({
  tone,
  icon,
  text,
  action,
}: {
  tone: 'info' | 'warning' | 'error'
  icon: ReactNode
  text: string
  action?: ReactNode
}) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={styles.notice} data-tone={tone}>
      {icon}
      <span className={styles.noticeText}>{text}</span>
      {action}
    </div>
  )
}

export const styles = {
  triggerLabel: css({ display: { base: 'none', xl: 'inline' } }),
  muted: css({ color: 'fg.muted', textStyle: 'sm' }),
  notice: css({
    display: 'flex',
    gap: '3',
    alignItems: 'center',
    p: '3',
    borderRadius: 'l2',
    bg: 'bg.subtle',
    color: 'fg.default',
    textStyle: 'sm',
    '& > svg': { width: '5', height: '5', flexShrink: '0', color: 'accent.text' },
    '&[data-tone=error] > svg': { color: 'danger.text' },
    '&[data-tone=warning] > svg': { color: 'warning.text' },
  }),
  noticeText: css({ flex: '1' }),
  form: css({ display: 'flex', flexDirection: 'column', gap: '4', minW: { base: 'auto', sm: '22rem' } }),
  fieldset: css({ display: 'flex', flexDirection: 'column', gap: '2', border: 'none', p: '0', m: '0' }),
  legend: css({ textStyle: 'sm', fontWeight: 'medium', mb: '2' }),
  tags: css({ display: 'flex', flexWrap: 'wrap', gap: '2' }),
  tagOption: css({
    display: 'inline-flex',
    alignItems: 'center',
    gap: '2',
    px: '3',
    py: '2',
    borderWidth: '1px',
    borderRadius: 'l2',
    cursor: 'pointer',
    textStyle: 'sm',
    '&[data-selected]': { borderColor: 'accent.solid', bg: 'accent.subtle' },
  }),
  injection: css({
    display: 'grid',
    gap: '1',
    p: '4',
    borderRadius: 'l3',
    bg: 'accent.subtle',
    textAlign: 'center',
  }),
  collected: css({ color: 'success.text', textStyle: 'sm', fontWeight: 'medium' }),
  injectionTitle: css({
    textStyle: 'xs',
    color: 'fg.muted',
    textTransform: 'uppercase',
    letterSpacing: 'wide',
  }),
  amount: css({ textStyle: '2xl', fontWeight: 'bold' }),
  points: css({ textStyle: 'lg', fontWeight: 'semibold', color: 'accent.text' }),
  countdown: css({ textStyle: 'md', fontVariantNumeric: 'tabular-nums' }),
  list: css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', p: '0', m: '0' }),
}
