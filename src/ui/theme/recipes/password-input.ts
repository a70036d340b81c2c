import { passwordInputAnatomy } from '@ark-ui/react/anatomy'
import { defineSlotRecipe } from '@pandacss/dev'

export const passwordInput = defineSlotRecipe({
  className: 'password-input',
  slots: passwordInputAnatomy.keys(),
  base: {
    root: { width: 'full' },
    label: { color: 'fg.default', fontWeight: 'medium', textStyle: 'sm' },
    control: { position: 'relative', display: 'flex', alignItems: 'center' },
    // Leave room for the toggle so typed characters never slide under it.
    input: { pe: '11' },
    visibilityTrigger: {
      position: 'absolute',
      insetEnd: '1',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      h: '8',
      w: '8',
      borderRadius: 'l1',
      color: 'fg.muted',
      cursor: 'pointer',
      transitionDuration: 'fast',
      transitionProperty: 'background, color',
      _hover: { bg: 'bg.subtle', color: 'fg.default' },
      _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '0' },
      _disabled: { cursor: 'not-allowed', opacity: 0.55 },
    },
    indicator: { display: 'inline-flex', '& svg': { width: '5', height: '5' } },
  },
})
