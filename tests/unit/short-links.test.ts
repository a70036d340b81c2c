// Issue 18: the short link an SMS carries is what its length is counted with, whatever the merchant's
// URL; its codes' shape.
import { describe, expect, it } from 'vitest'
import { isShortCode, shortLinkUrl, smsCountedLink, smsLinkSample } from '../../src/domain/short-links'
import { checkSmsText, composeSms, optOutMention } from '../../src/domain/sms'

const PUBLIC = 'https://loyal.example'

describe('campaign short links', () => {
  it('counts an SMS with the short link every recipient gets, not the merchant’s URL', () => {
    const long = { link: `https://dupont.example/${'soldes/'.repeat(20)}`, content: 'NEWS' }
    const counted = smsCountedLink(long, PUBLIC)
    expect(counted).toBe('https://loyal.example/r/xxxxxxxxxxxx')
    const optOut = optOutMention('FRA')
    const room = 160 - counted!.length - optOut.length - 2
    expect(checkSmsText('a'.repeat(room), { link: counted!, optOut }).isLengthValid).toBe(true)
    expect(checkSmsText('a'.repeat(room + 1), { link: counted!, optOut }).isLengthValid).toBe(false)
    // The message sent with a real code is exactly as long as the one counted.
    const sent = composeSms('a'.repeat(room), { link: shortLinkUrl(PUBLIC, 'Ab3_x-Yz09Qw'), optOut })
    expect(sent.length).toBe(composeSms('a'.repeat(room), { link: counted!, optOut }).length)
  })

  it('gives a coupon campaign a link even without one, and a plain text none', () => {
    expect(smsCountedLink({ link: null, content: 'COUPON_PERCENT' }, PUBLIC)).toBe(smsLinkSample(PUBLIC))
    expect(smsCountedLink({ link: '  ', content: 'NEWS' }, PUBLIC)).toBeUndefined()
  })

  it('accepts only 12 base64url characters as a code', () => {
    expect(isShortCode('Ab3_x-Yz09Qw')).toBe(true)
    for (const bad of ['Ab3_x-Yz09Q', 'Ab3_x-Yz09Qw1', 'Ab3_x+Yz09Qw', 'Ab3_x/Yz09Qw', 42])
      expect(isShortCode(bad)).toBe(false)
  })
})
