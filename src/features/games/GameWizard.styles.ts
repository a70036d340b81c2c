// The game wizard's styles, shared by its page and its rewards step.
import { css } from 'styled-system/css'

export const styles = {
  page: css({ display: 'flex', flexDir: 'column', gap: '4', p: { base: '4', md: '6' } }),
  title: css({ fontSize: '2xl', fontWeight: 'bold' }),
  steps: css({ display: 'flex', gap: '4', listStyle: 'none', p: 0, m: 0, flexWrap: 'wrap' }),
  step: css({ color: 'fg.muted', '&[aria-current=step]': { color: 'fg.default', fontWeight: 'semibold' } }),
  columns: css({
    display: 'grid',
    gap: '6',
    gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
  }),
  form: css({
    display: 'flex',
    flexDir: 'column',
    gap: '4',
    p: '4',
    bg: 'bg.default',
    borderWidth: '1px',
    borderRadius: 'l3',
  }),
  preview: css({ display: 'flex', flexDir: 'column', alignItems: 'center', gap: '2', p: '4' }),
  buttons: css({ display: 'flex', gap: '2', justifyContent: 'flex-end' }),
  reward: css({
    display: 'grid',
    gap: '3',
    p: '3',
    borderWidth: '1px',
    borderRadius: 'l2',
    gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
  }),
  row: css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' }),
  // `danger.text`, the fields' error colour (there is no `fg.error` token: it drew plain text).
  error: css({ color: 'danger.text', fontSize: 'sm', fontWeight: 'medium' }),
}
