// A short status label (a client's type, a merchant's state, an offer's status), toned by meaning.
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'

export type BadgeTone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger' | 'info'

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span className={styles.badge} data-tone={tone}>
      {children}
    </span>
  )
}

const styles = {
  badge: css({
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    px: '2',
    py: '0.5',
    borderRadius: 'full',
    textStyle: 'xs',
    fontWeight: 'semibold',
    whiteSpace: 'nowrap',
    bg: 'bg.subtle',
    color: 'fg.muted',
    '&[data-tone=accent]': { bg: 'accent.subtle', color: 'accent.text' },
    '&[data-tone=success]': { bg: 'success.subtle', color: 'success.text' },
    '&[data-tone=warning]': { bg: 'warning.subtle', color: 'warning.text' },
    '&[data-tone=danger]': { bg: 'danger.subtle', color: 'danger.text' },
    '&[data-tone=info]': { bg: 'info.subtle', color: 'info.text' },
  }),
}
