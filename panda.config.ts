import { defineConfig } from '@pandacss/dev'
import { recipes, slotRecipes } from './src/ui/theme/recipes'
import { conditions, globalCss, keyframes, semanticTokens, textStyles, tokens } from './src/ui/theme/tokens'

export default defineConfig({
  // A small, predictable reset; everything else comes from tokens and recipes.
  preflight: true,
  // Explicit so an upgrade that changes the default preset list cannot silently drop utilities.
  presets: ['@pandacss/preset-panda'],
  include: ['./src/**/*.{ts,tsx}', './stories/**/*.{ts,tsx}', './.storybook/**/*.{ts,tsx}'],
  // The API server never renders styles; scanning it would only slow codegen down.
  exclude: ['./src/server/**', './src/domain/**'],
  outdir: 'styled-system',
  jsxFramework: 'react',
  conditions: { extend: conditions },
  globalCss,
  theme: {
    extend: {
      tokens,
      semanticTokens,
      textStyles,
      keyframes,
      recipes,
      slotRecipes,
    },
  },
  // Recipes are called with variant values computed at runtime (props, machine views), which the static
  // extractor cannot see: ship every variant so nothing renders unstyled.
  staticCss: { recipes: '*' },
})
