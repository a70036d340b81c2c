import { tabsAnatomy } from '@ark-ui/react/anatomy'
import { defineSlotRecipe } from '@pandacss/dev'

export const tabs = defineSlotRecipe({
  className: 'tabs',
  slots: tabsAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', width: 'full' },
    list: {
      borderBottomWidth: '1px',
      display: 'flex',
      gap: '1',
      overflowX: 'auto',
      position: 'relative',
      scrollbarWidth: 'none',
    },
    trigger: {
      alignItems: 'center',
      color: 'fg.muted',
      cursor: 'pointer',
      display: 'inline-flex',
      fontWeight: 'medium',
      gap: '2',
      h: '10',
      px: '3',
      textStyle: 'sm',
      whiteSpace: 'nowrap',
      borderRadius: 'l2 l2 0 0',
      transitionDuration: 'fast',
      transitionProperty: 'color, background',
      _hover: { color: 'fg.default', bg: 'bg.subtle' },
      _selected: { color: 'accent.text' },
      _disabled: { cursor: 'not-allowed', opacity: 0.5 },
      _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '-2px' },
    },
    // Ark sets --width/--left etc. on the indicator, so it slides under the selected tab.
    indicator: {
      bg: 'accent.solid',
      borderRadius: 'full',
      bottom: '-1px',
      height: '2px',
      width: 'var(--width)',
    },
    content: {
      pt: '4',
      _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '2px' },
    },
  },
})
