import { css, cx } from 'styled-system/css'

const spinner = css({
  display: 'inline-block',
  width: '1em',
  height: '1em',
  borderRadius: 'full',
  borderWidth: '2px',
  borderColor: 'currentColor',
  borderInlineEndColor: 'transparent',
  animation: 'spin 0.7s linear infinite',
  flexShrink: '0',
})

/** Decorative: whoever shows it also sets aria-busy (Button does) so the wait is announced. */
export function Spinner({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cx(spinner, className)} />
}
