import { defineSlotRecipe } from '@pandacss/dev'

// Ark UI has no table part: this is a semantic <table> with our own slots.
export const table = defineSlotRecipe({
  className: 'table',
  slots: [
    'container',
    'root',
    'caption',
    'head',
    'body',
    'foot',
    'row',
    'header',
    'cell',
    'sortButton',
    'sortIcon',
  ],
  base: {
    container: {
      bg: 'bg.default',
      borderRadius: 'l3',
      borderWidth: '1px',
      overflowX: 'auto',
      // The frame contains its absolutely placed descendants (screen-reader-only texts): without it
      // one at the far end of a wide table made the whole page scroll sideways on a phone.
      position: 'relative',
      width: 'full',
    },
    root: {
      borderCollapse: 'collapse',
      fontVariantNumeric: 'tabular-nums',
      textAlign: 'start',
      width: 'full',
    },
    caption: { color: 'fg.muted', textStyle: 'sm', py: '3', captionSide: 'bottom' },
    head: { bg: 'bg.subtle' },
    row: {
      borderBottomWidth: '1px',
      _last: { borderBottomWidth: '0' },
      transitionDuration: 'fast',
      transitionProperty: 'background',
    },
    header: {
      color: 'fg.muted',
      fontWeight: 'semibold',
      textAlign: 'start',
      textStyle: 'xs',
      textTransform: 'uppercase',
      letterSpacing: '0.04em',
      whiteSpace: 'nowrap',
      px: '4',
      h: '10',
      borderBottomWidth: '1px',
      '&[data-align=end]': { textAlign: 'end' },
    },
    cell: {
      color: 'fg.default',
      px: '4',
      py: '3',
      textStyle: 'sm',
      '&[data-align=end]': { textAlign: 'end' },
    },
    // The whole header label is the button so the click target is large and the name is read once.
    sortButton: {
      alignItems: 'center',
      borderRadius: 'l1',
      color: 'inherit',
      cursor: 'pointer',
      display: 'inline-flex',
      font: 'inherit',
      gap: '1',
      letterSpacing: 'inherit',
      mx: '-1',
      px: '1',
      textTransform: 'inherit',
      _hover: { color: 'fg.default' },
      _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '1px' },
      '&[data-sorted]': { color: 'fg.default' },
    },
    sortIcon: {
      display: 'inline-flex',
      color: 'fg.subtle',
      '& svg': { width: '3.5', height: '3.5' },
      '[data-sorted] &': { color: 'accent.text' },
    },
  },
  variants: {
    interactive: {
      true: { row: { '& > td': { cursor: 'default' }, _hover: { bg: 'bg.subtle' } } },
      false: {},
    },
    striped: {
      true: { body: { '& tr:nth-of-type(even)': { bg: 'bg.canvas' } } },
      false: {},
    },
    size: {
      sm: { cell: { py: '2' }, header: { h: '9' } },
      md: {},
    },
  },
  defaultVariants: { interactive: false, striped: false, size: 'md' },
})
