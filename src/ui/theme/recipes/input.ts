import { defineRecipe } from '@pandacss/dev'

// Shared by Field's text input and PasswordInput so every text box in the product looks the same.
export const input = defineRecipe({
  className: 'input',
  jsx: ['Input'],
  base: {
    appearance: 'none',
    bg: 'bg.default',
    borderColor: 'border.emphasized',
    borderRadius: 'l2',
    borderWidth: '1px',
    color: 'fg.default',
    minWidth: '0',
    outline: 0,
    position: 'relative',
    transitionDuration: 'fast',
    transitionProperty: 'box-shadow, border-color',
    transitionTimingFunction: 'default',
    width: 'full',
    _placeholder: { color: 'fg.subtle' },
    _hover: { borderColor: 'fg.subtle' },
    _focusVisible: {
      borderColor: 'accent.focusRing',
      boxShadow: '0 0 0 3px color-mix(in srgb, token(colors.accent.focusRing) 25%, transparent)',
    },
    _disabled: { cursor: 'not-allowed', opacity: 0.55, bg: 'bg.subtle' },
    _invalid: {
      borderColor: 'danger.solid',
      _focusVisible: {
        boxShadow: '0 0 0 3px color-mix(in srgb, token(colors.danger.focusRing) 25%, transparent)',
      },
    },
  },
  variants: {
    size: {
      sm: { h: '8', px: '2.5', textStyle: 'xs' },
      md: { h: '10', px: '3', textStyle: 'sm' },
      lg: { h: '12', px: '4', textStyle: 'md' },
    },
  },
  defaultVariants: { size: 'md' },
})
