// A record's rules (src/domain/imports.ts checkRow): a cell is read as data.
import { describe, expect, it } from 'vitest'
import { checkRow, type ImportContext } from '../../src/domain/imports'

const CTX: ImportContext = { country: 'FR', dateOrder: 'DMY', maxPoints: null, crmFields: [] }
const MAPPING = { firstName: 0, email: 1, gender: 2 }

describe('an import record’s gender', () => {
  it('is read from the words a file uses, in any case', () => {
    for (const [word, gender] of [
      ['F', 'female'],
      ['homme', 'male'],
      ['Other', 'other'],
    ])
      expect(checkRow(['Ana', 'ana@example.test', word!], MAPPING, CTX)).toMatchObject({
        ok: true,
        record: { gender },
      })
  })

  // A word naming an object property read the plain object's prototype: the client was created with
  // no gender instead of the record being skipped.
  it('is refused when the word names an object property', () => {
    for (const word of ['constructor', 'toString', '__proto__', 'valueOf'])
      expect(checkRow(['Ana', 'ana@example.test', word], MAPPING, CTX), word).toEqual({
        ok: false,
        reason: 'GENDER_INVALID',
        field: 'gender',
      })
  })
})
