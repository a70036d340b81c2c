import { describe, expect, it } from 'vitest'
import en from '../../i18n/en.json'
import {
  acceptedPresenceWindows,
  collectErrorMessage,
  isVisitCard,
  PRESENCE_WINDOW_SECONDS,
  presenceWindow,
  presenceWindowEnd,
  SCAN_COUNTDOWN_SECONDS,
  scanAddressOf,
  scanSmsText,
  scanUrl,
  splitOffers,
  tagUidFromScan,
} from '../../src/domain/scan'

// GSM 03.38 basic set (and the extension characters, which count twice).
const GSM =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà'
const GSM_EXT = '^{}\\[~]|€'
const gsmLength = (text: string) =>
  [...text].reduce((n, c) => {
    if (GSM.includes(c)) return n + 1
    if (GSM_EXT.includes(c)) return n + 2
    throw new Error(`not a GSM character: ${c}`)
  }, 0)

describe('scan domain', () => {
  it('builds the address a tag’s QR code encodes, and reads it back', () => {
    expect(scanUrl('https://app.example/', 'brooklyn-bagels-williamsburg')).toBe(
      'https://app.example/scan/brooklyn-bagels-williamsburg',
    )
    expect(tagUidFromScan(scanUrl('http://127.0.0.1:5173', 'abc_DEF-1'))).toBe('abc_DEF-1')
    expect(tagUidFromScan('/scan/maison-dupont-paris-marais/')).toBe('maison-dupont-paris-marais')
    for (const text of [
      'hello',
      'https://example.com/menu',
      '/scan/',
      '/scan/a/b',
      '/scan/a%2Fb',
      '/scan/<x>',
      '/scan/%E0%A4%A',
      '',
    ])
      expect(tagUidFromScan(text), text).toBeNull()
  })

  it('carries the store’s presence code in the address (issue 16 #5), a code’s shape only', () => {
    const url = scanUrl('https://app.example', 'k7xq2mfa9t', 'Qz3_x-Lm8RtA')
    expect(url).toBe('https://app.example/scan/k7xq2mfa9t?c=Qz3_x-Lm8RtA')
    expect(scanAddressOf(url)).toEqual({ uid: 'k7xq2mfa9t', code: 'Qz3_x-Lm8RtA' })
    expect(scanAddressOf('/scan/k7xq2mfa9t')).toEqual({ uid: 'k7xq2mfa9t', code: null })
    for (const c of ['short', 'Qz3_x-Lm8RtA1', 'Qz3_x-Lm8Rt%3D', ''])
      expect(scanAddressOf(`/scan/k7xq2mfa9t?c=${c}`)!.code, c).toBeNull()
  })

  it('counts presence windows from the clock: the current one and the one before are accepted', () => {
    const ms = PRESENCE_WINDOW_SECONDS * 1000
    const t = 1_795_000_000_000
    const w = presenceWindow(t)
    expect(presenceWindow(w * ms)).toBe(w)
    expect(presenceWindow(w * ms - 1)).toBe(w - 1)
    expect(presenceWindowEnd(w)).toBe((w + 1) * ms)
    expect(acceptedPresenceWindows(t)).toEqual([w, w - 1])
    expect(['PASSAGE', 'MANUAL_AMOUNT', 'POS_AMOUNT', 'POS_PASSAGE'].filter(isVisitCard)).toEqual(['PASSAGE'])
  })

  it('splits the offers into those the balance pays for and the next ones, cheapest first', () => {
    const offer = (id: string, redeemPointAmount: number) => ({
      id,
      name: id,
      description: '',
      redeemPointAmount,
    })
    const { redeemable, upcoming } = splitOffers([offer('b', 150), offer('a', 50), offer('c', 60)], 60)
    expect(redeemable.map((o) => o.id)).toEqual(['a', 'c'])
    expect(upcoming).toEqual([{ offer: offer('b', 150), missingPoints: 90 }])
  })

  it('has a §8 message for every refusal, in the catalogue', () => {
    for (const code of [
      'RECEIPT_NOT_FOUND',
      'RECEIPT_ALREADY_LINKED',
      'NOTHING_TO_COLLECT',
      'VISIT_TOO_SOON',
      'MAX_POINTS_REACHED',
      'INVALID_PHONE',
      'NO_LOYALTY_CARD',
      'TOO_MANY_SCANS',
      'SOMETHING_ELSE',
    ])
      expect(en).toHaveProperty([collectErrorMessage(code)])
    expect(collectErrorMessage('RECEIPT_ALREADY_LINKED')).toBe('pages.scan.errors.notLinked')
    expect(SCAN_COUNTDOWN_SECONDS).toBeGreaterThan(0)
  })

  it('writes the confirmation SMS in GSM characters, at most 160, in the franchise’s language', () => {
    const fr = scanSmsText('fr', { franchiseName: 'Maison Dupont', points: 10, balance: 120 })
    expect(fr).toBe('Maison Dupont : 10 points crédités. Nouveau solde : 120 points. Merci de votre visite !')
    expect(scanSmsText('en', { franchiseName: 'Brooklyn Bagels', points: 12, balance: 12 })).toContain(
      '12 points credited',
    )
    const long = scanSmsText('fr', {
      franchiseName: 'L’Atelier — Pâtisserie “Crème & Chocolat” ☕ de la Place du Marché Saint-Honoré',
      points: 99_999,
      balance: 9_999_999,
    })
    expect(gsmLength(long)).toBeLessThanOrEqual(160)
  })
})
