import { describe, expect, it } from 'vitest'
import { contrastRatio, readableOn, TEXT_CONTRAST, textOn } from '../../src/domain/colour'

describe('colour contrast', () => {
  it('measures the WCAG ratio', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5)
    // slate.500 on slate.100: the 4.34 axe reported.
    expect(contrastRatio('#64748b', '#f1f5f9')).toBeCloseTo(4.34, 2)
  })

  it('writes black on light colours and white on dark ones', () => {
    expect(textOn('#fff7ed')).toBe('#000000')
    expect(textOn('#f59e0b')).toBe('#000000')
    expect(textOn('#7c2d12')).toBe('#ffffff')
    expect(textOn('not a colour')).toBe('#000000')
  })

  it('keeps a readable colour and shades an unreadable one until it reads', () => {
    expect(readableOn('#7c2d12', '#ffffff')).toBe('#7c2d12')
    const onDark = readableOn('#7c2d12', '#0f172a')
    expect(onDark).not.toBe('#7c2d12')
    expect(contrastRatio(onDark, '#0f172a')).toBeGreaterThanOrEqual(TEXT_CONTRAST)
    // Lighter than the brand colour, not plain white: the hue stays.
    expect(onDark).not.toBe('#ffffff')
    const amber = readableOn('#f59e0b', '#fff7ed')
    expect(contrastRatio(amber, '#fff7ed')).toBeGreaterThanOrEqual(TEXT_CONTRAST)
    expect(readableOn('#12', '#ffffff')).toBe('#12')
  })
})
