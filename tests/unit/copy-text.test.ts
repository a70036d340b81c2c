import { afterEach, describe, expect, it, vi } from 'vitest'
import { copyText } from '../../src/ui/copy-text'

describe('copyText', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('writes the text to the clipboard and resolves true', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined)
    vi.stubGlobal('navigator', { clipboard: { writeText } })
    await expect(copyText('whsec_123')).resolves.toBe(true)
    expect(writeText).toHaveBeenCalledWith('whsec_123')
  })

  it('resolves false when the browser has no clipboard', async () => {
    vi.stubGlobal('navigator', {})
    await expect(copyText('whsec_123')).resolves.toBe(false)
    vi.stubGlobal('navigator', undefined)
    await expect(copyText('whsec_123')).resolves.toBe(false)
  })

  it('resolves false when the browser refuses the write', async () => {
    const writeText = vi
      .fn()
      .mockRejectedValue(new DOMException('Document is not focused.', 'NotAllowedError'))
    vi.stubGlobal('navigator', { clipboard: { writeText } })
    await expect(copyText('whsec_123')).resolves.toBe(false)
    expect(writeText).toHaveBeenCalledOnce()
  })
})
