// The campaign parts' styles, shared with the screens that lay out their own fields beside them (a
// grid, a textarea, a label with its hint, a note).
import { css } from 'styled-system/css'

export const styles = {
  fieldset: css({ display: 'flex', flexDirection: 'column', gap: '2', border: 'none', p: '0', m: '0' }),
  legend: css({ textStyle: 'sm', fontWeight: 'medium', mb: '1' }),
  choices: css({ display: 'flex', flexWrap: 'wrap', gap: '3' }),
  choice: css({ display: 'inline-flex', alignItems: 'center', gap: '1.5', textStyle: 'sm' }),
  error: css({ color: 'danger.text', textStyle: 'sm' }),
  section: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '4',
    p: '5',
    bg: 'bg.default',
    borderWidth: '1px',
    borderRadius: 'l3',
  }),
  sectionTitle: css({ textStyle: 'lg', fontWeight: 'semibold' }),
  grid: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
    gap: '4',
  }),
  textarea: css({
    w: 'full',
    minH: '24',
    p: '3',
    borderWidth: '1px',
    borderColor: 'border.default',
    borderRadius: 'l2',
    bg: 'bg.default',
    fontFamily: 'inherit',
    textStyle: 'sm',
    _invalid: { borderColor: 'danger.text' },
  }),
  label: css({ display: 'flex', flexDirection: 'column', gap: '1.5', textStyle: 'sm', fontWeight: 'medium' }),
  hint: css({ color: 'fg.muted', textStyle: 'sm', fontWeight: 'normal' }),
  note: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '2',
    p: '4',
    borderRadius: 'l2',
    bg: 'bg.subtle',
    borderWidth: '1px',
    textStyle: 'sm',
  }),
}
