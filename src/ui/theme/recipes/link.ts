import { defineRecipe } from '@pandacss/dev'

export const link = defineRecipe({
  className: 'link',
  jsx: ['Link', 'TextLink'],
  base: {
    color: 'accent.text',
    fontWeight: 'medium',
    borderRadius: 'l1',
    textDecoration: 'underline',
    textDecorationColor: 'transparent',
    textUnderlineOffset: '0.2em',
    transitionDuration: 'fast',
    transitionProperty: 'text-decoration-color, color',
    _hover: { textDecorationColor: 'currentColor' },
    _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '2px' },
  },
  variants: {
    tone: {
      accent: { color: 'accent.text' },
      muted: { color: 'fg.muted', _hover: { color: 'fg.default' } },
    },
  },
  defaultVariants: { tone: 'accent' },
})
