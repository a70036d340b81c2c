import { dialogAnatomy } from '@ark-ui/react/anatomy'
import { defineSlotRecipe } from '@pandacss/dev'

export const dialog = defineSlotRecipe({
  className: 'dialog',
  // header/body/footer are layout slots of our own around Ark's parts.
  slots: [...dialogAnatomy.keys(), 'header', 'body', 'footer'],
  base: {
    backdrop: {
      bg: 'bg.overlay',
      backdropFilter: 'blur(2px)',
      inset: '0',
      position: 'fixed',
      zIndex: 'overlay',
      _open: { animation: 'fade-in {durations.normal} {easings.default}' },
      _closed: { animation: 'fade-out {durations.fast} {easings.default}' },
    },
    positioner: {
      alignItems: { base: 'flex-end', sm: 'center' },
      display: 'flex',
      justifyContent: 'center',
      inset: '0',
      overflow: 'auto',
      p: { base: '0', sm: '4' },
      position: 'fixed',
      zIndex: 'modal',
    },
    content: {
      bg: 'bg.default',
      borderRadius: { base: 'l4 l4 0 0', sm: 'l4' },
      boxShadow: 'lg',
      display: 'flex',
      flexDirection: 'column',
      maxH: 'calc(100dvh - token(spacing.8))',
      outline: 'none',
      position: 'relative',
      width: 'full',
      _open: { animation: 'dialog-in {durations.normal} {easings.emphasized}' },
      _closed: { animation: 'dialog-out {durations.fast} {easings.default}' },
    },
    // Room for the corner close button only when there is one (Dialog.Panel marks it).
    header: {
      display: 'flex',
      flexDirection: 'column',
      gap: '1.5',
      pt: '6',
      px: '6',
      '[data-has-close] &': { pe: '14' },
    },
    title: { color: 'fg.default', fontWeight: 'semibold', textStyle: 'lg' },
    description: { color: 'fg.muted', textStyle: 'sm' },
    body: { px: '6', py: '4', overflowY: 'auto', flex: '1' },
    footer: {
      display: 'flex',
      flexDirection: { base: 'column-reverse', sm: 'row' },
      gap: '3',
      justifyContent: 'flex-end',
      pb: '6',
      px: '6',
      pt: '5',
    },
    closeTrigger: {
      position: 'absolute',
      top: '4',
      insetEnd: '4',
    },
  },
  variants: {
    size: {
      sm: { content: { maxW: { sm: 'sm' } } },
      md: { content: { maxW: { sm: 'md' } } },
      lg: { content: { maxW: { sm: '2xl' } } },
    },
  },
  defaultVariants: { size: 'md' },
})
