// SMS text rules (SPEC §5, §9; issue 18): GSM-7 and UCS-2 counting with the extension table and the
// link, emoji refused with their positions, the opt-out mention, STOP replies and the cost.
import { describe, expect, it } from 'vitest'
import {
  campaignCost,
  checkSmsText,
  composeSms,
  isStopReply,
  optOutMention,
  SMS_COUNTRIES,
} from '../../src/domain/sms'

describe('checkSmsText', () => {
  it('counts GSM-7 basic characters once: 160 fit, 161 do not', () => {
    expect(checkSmsText('a'.repeat(160))).toMatchObject({
      encoding: 'GSM-7',
      length: 160,
      isLengthValid: true,
    })
    const over = checkSmsText('a'.repeat(161))
    expect(over).toMatchObject({ length: 161, limit: 160, isLengthValid: false, isValid: false, segments: 2 })
  })

  it('counts accented letters of the basic set once (é è à ù ì ò Ç ñ ü ß)', () => {
    const text = 'éèàùìòÇñüß'.repeat(16)
    expect(checkSmsText(text)).toMatchObject({ encoding: 'GSM-7', length: 160, isLengthValid: true })
  })

  it('counts each extension character twice: ^ { } \\ [ ~ ] | €', () => {
    for (const c of ['^', '{', '}', '\\', '[', '~', ']', '|', '€']) {
      expect(checkSmsText(c)).toMatchObject({ encoding: 'GSM-7', length: 2 })
    }
    expect(checkSmsText('€'.repeat(80)).isLengthValid).toBe(true)
    expect(checkSmsText(`${'€'.repeat(80)}a`)).toMatchObject({ length: 161, isLengthValid: false })
  })

  it('turns the whole text into UCS-2 for one character outside GSM-7, and names it', () => {
    const text = `Promo ${'a'.repeat(60)} “ouverte”`
    const check = checkSmsText(text)
    expect(check.encoding).toBe('UCS-2')
    expect(check.limit).toBe(70)
    expect(check.nonGsm).toEqual([
      { char: '“', position: 67 },
      { char: '”', position: 75 },
    ])
    expect(check.isLengthValid).toBe(false)
    expect(checkSmsText('ś'.repeat(70))).toMatchObject({ encoding: 'UCS-2', length: 70, isLengthValid: true })
    expect(checkSmsText('ś'.repeat(71)).isLengthValid).toBe(false)
  })

  it('refuses emoji whatever the length, naming each with its position', () => {
    const check = checkSmsText('Hi 😀 and 👍🏽 ❤️ 🇫🇷')
    expect(check.isValid).toBe(false)
    expect(check.emoji.map((e) => [e.char, e.position])).toEqual([
      ['😀', 3],
      ['👍🏽', 9],
      ['❤️', 11],
      ['🇫🇷', 13],
    ])
    // ©, ® and ™ are text symbols, not emoji: allowed (as UCS-2).
    expect(checkSmsText('Café© ™').emoji).toEqual([])
  })

  it('counts the link and the opt-out mention toward the length', () => {
    const link = 'https://loyal.example/r/abc123'
    const optOut = optOutMention('FRA')
    const room = 160 - link.length - optOut.length - 2 // two line breaks
    expect(checkSmsText('a'.repeat(room), { link, optOut }).isLengthValid).toBe(true)
    expect(checkSmsText('a'.repeat(room + 1), { link, optOut }).isLengthValid).toBe(false)
    expect(composeSms('  Hello ', { link, optOut })).toBe(`Hello\n${link}\n${optOut}`)
  })

  it('refuses an empty text', () => {
    expect(checkSmsText('   ').isValid).toBe(false)
  })
})

describe('opt-out and STOP', () => {
  it('has a GSM-7 mention for every SMS country, so it never turns a text into UCS-2', () => {
    for (const alpha3 of [
      'BEL',
      'CAN',
      'FRA',
      'PYF',
      'DEU',
      'IRL',
      'ITA',
      'MTQ',
      'POL',
      'PRT',
      'ESP',
      'CHE',
      'GBR',
      'USA',
    ]) {
      const mention = optOutMention(alpha3)
      expect(mention).toContain('STOP')
      expect(checkSmsText(mention).encoding).toBe('GSM-7')
    }
    expect(SMS_COUNTRIES).toContain('FR')
    expect(SMS_COUNTRIES).toHaveLength(14)
  })

  it('reads STOP replies in any case, with spaces', () => {
    expect(isStopReply(' stop ')).toBe(true)
    expect(isStopReply('Stop  SMS')).toBe(true)
    expect(isStopReply('arrêt')).toBe(true)
    expect(isStopReply('stop please call me')).toBe(false)
  })
})

describe('campaignCost', () => {
  it('charges 0.08 EUR per SMS and nothing for push', () => {
    expect(campaignCost('SMS', 1234)).toEqual({ unitPrice: 0.08, nbUsers: 1234, totalPrice: 98.72 })
    expect(campaignCost('PUSH', 1234)).toEqual({ unitPrice: 0, nbUsers: 1234, totalPrice: 0 })
    expect(campaignCost('SMS', 3).totalPrice).toBe(0.24)
  })
})
