// White text on the accent's solid buttons reads (WCAG AA, 4.5) at rest and under the pointer, in light
// and dark (issue 34: a pressed, hovered "Week" button was white on brand.400 in dark, 3.09).
import { describe, expect, it } from 'vitest'
import { contrastRatio, TEXT_CONTRAST } from '../../src/domain/colour'
import { semanticTokens } from '../../src/ui/theme/tokens'
import { token } from '../../styled-system/tokens'

/** A '{colors.brand.600}' reference as its colour, #rrggbb (the preset writes white as #fff). */
const resolve = (ref: string) => {
  const c = token(ref.slice(1, -1) as Parameters<typeof token>[0]) as string
  return /^#[0-9a-f]{3}$/i.test(c) ? `#${[...c.slice(1)].map((d) => d + d).join('')}` : c
}

describe.each(['base', '_dark'] as const)('accent solid buttons (%s)', (mode) => {
  const accent = (semanticTokens.colors as Record<string, Record<string, { value: Record<string, string> }>>)
    .accent!
  it.each(['solid', 'solidHover'])('white on %s reads', (key) => {
    const background = resolve(accent[key]!.value[mode]!)
    const text = resolve(accent.contrast!.value[mode]!)
    expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(TEXT_CONTRAST)
  })
})
