import { fieldAnatomy } from '@ark-ui/react/anatomy'
import { defineSlotRecipe } from '@pandacss/dev'

export const field = defineSlotRecipe({
  className: 'field',
  slots: fieldAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', width: 'full' },
    label: {
      color: 'fg.default',
      fontWeight: 'medium',
      textStyle: 'sm',
      display: 'inline-flex',
      gap: '0.5',
      _disabled: { opacity: 0.55 },
    },
    requiredIndicator: { color: 'danger.text' },
    helperText: { color: 'fg.muted', textStyle: 'xs' },
    // Ark ties the error to the input (aria-invalid + aria-errormessage) and makes it a polite live
    // region; the colour is only a visual aid.
    errorText: {
      color: 'danger.text',
      textStyle: 'xs',
      fontWeight: 'medium',
      display: 'inline-flex',
      alignItems: 'center',
      gap: '1',
    },
  },
})
