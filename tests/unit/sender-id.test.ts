import { describe, expect, it } from 'vitest'
import { infoErrors, qualificationOf, rulesErrors } from '../../src/domain/franchise-settings'
import { checkSenderId, FORBIDDEN_SENDER_IDS, SENDER_ID_CODES } from '../../src/domain/sender-id'

describe('SMS sender name (§5)', () => {
  it.each([
    ['', 'SENDER_ID_EMPTY'],
    ['   ', 'SENDER_ID_EMPTY'],
    ['Du pont', 'SENDER_ID_CONTAINS_SPACES'],
    ['Dupont\t', 'SENDER_ID_CONTAINS_SPACES'],
    ['ABCDEFGHIJKL', 'SENDER_ID_TOO_LONG'],
    ['abc', 'SENDER_ID_TOO_SHORT'],
    ['Dupont-75', 'SENDER_ID_NOT_ALPHANUMERIC'],
    ['Crêpes', 'SENDER_ID_NOT_ALPHANUMERIC'],
    ['Police', 'SENDER_ID_NOT_ALLOWED'],
    ['info', 'SENDER_ID_NOT_ALLOWED'],
  ])('%j breaks %s', (value, code) => {
    expect(checkSenderId(value)).toEqual({ valid: false, code })
  })

  it('accepts 4 to 11 letters and digits', () => {
    for (const v of ['Dupo', 'Dupont75', 'ABCDEFGHIJK', '1234'])
      expect(checkSenderId(v)).toEqual({ valid: true })
    expect(checkSenderId(null)).toEqual({ valid: false, code: 'SENDER_ID_EMPTY' })
  })

  it('names six codes and forbids only names that would pass the other rules', () => {
    expect(SENDER_ID_CODES).toHaveLength(6)
    for (const name of FORBIDDEN_SENDER_IDS)
      expect([name.length >= 3, /^[A-Z0-9]+$/.test(name)]).toEqual([true, true])
  })
})

describe('franchise settings rules', () => {
  it('checks the drafts of the information and the loyalty rules', () => {
    expect(infoErrors({ name: ' ', description: '', logo: null, codeAlpha3: 'XYZ' })).toEqual({
      name: 'nameRequired',
      codeAlpha3: 'country',
    })
    const statics = { allowStaticTags: false, staticTagDailyVisitCap: '1', newsMaxConcurrent: '3' }
    expect(
      rulesErrors({ tagScanMinutes: '15', maxPoints: '', hasMaxPointsEnabled: false, ...statics }),
    ).toEqual({})
    expect(
      rulesErrors({ tagScanMinutes: '-1', maxPoints: '0', hasMaxPointsEnabled: true, ...statics }),
    ).toEqual({
      tagScanMinutes: 'tagScanInterval',
      maxPoints: 'maxPoints',
    })
    expect(
      rulesErrors({ tagScanMinutes: '0', maxPoints: '', hasMaxPointsEnabled: true, ...statics }),
    ).toEqual({
      maxPoints: 'maxPointsRequired',
    })
    // Static tags (issue 16 #5): 1 to 20 visits per phone per day.
    for (const cap of ['0', '21', '1.5', '', 'x'])
      expect(
        rulesErrors({
          tagScanMinutes: '0',
          maxPoints: '',
          hasMaxPointsEnabled: false,
          allowStaticTags: true,
          newsMaxConcurrent: '3',
          staticTagDailyVisitCap: cap,
        }),
        cap,
      ).toEqual({ staticTagDailyVisitCap: 'staticTagDailyVisitCap' })
  })

  it('bounds the client qualification per unit', () => {
    expect(qualificationOf('3', 'months')).toEqual({
      lostCustomers: { timeSinceLastVisit: { value: 3, unit: 'months' } },
    })
    expect(qualificationOf('25', 'months')).toBeNull()
    expect(qualificationOf('104', 'weeks')).not.toBeNull()
    expect(qualificationOf('0', 'days')).toBeNull()
    expect(qualificationOf('1.5', 'days')).toBeNull()
  })
})

describe('sender-name messages', () => {
  it('names a message id per code, present in both catalogues', async () => {
    const { senderIdMessage } = await import('../../src/domain/sender-id')
    const en = (await import('../../i18n/en.json')).default as Record<string, string>
    const fr = (await import('../../i18n/fr.json')).default as Record<string, string>
    expect(senderIdMessage('SENDER_ID_CONTAINS_SPACES')).toBe('franchise.senderId.codes.containsSpaces')
    for (const code of SENDER_ID_CODES) {
      expect(en[senderIdMessage(code)], code).toBeTruthy()
      expect(fr[senderIdMessage(code)], code).toBeTruthy()
    }
  })
})
