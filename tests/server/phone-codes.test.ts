// The one-time SMS codes that prove a phone on the public pages (issues 21 and 22): the code reaches
// the outbox once, expires, locks its target after five wrong tries (concurrent guesses included),
// is limited per target, and its proof is good for that target only. CRM values (crm-values.ts) are
// checked against the franchise's form wherever they come from.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSms } from '../../src/server/adapters/sms'
import { clientCrmValues, clients, crmForms, outbox } from '../../src/server/db/schema'
import { AppError } from '../../src/server/errors'
import { crmFormOf, crmValuesOf, writeCrmValues } from '../../src/server/services/crm-values'
import {
  assertPhoneProven,
  confirmPhoneCode,
  type PhoneTarget,
  sendPhoneCode,
} from '../../src/server/services/phone-codes'
import { startTestApp, type TestApp } from '../support/app'
import { addClients, franchiseNamed } from '../support/campaign-fixtures'
import { databaseKinds } from '../support/database'

const T0 = new Date('2026-11-24T09:00:00Z')
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000)
const sms = createSms({})

async function failure(p: Promise<unknown>): Promise<AppError> {
  try {
    await p
  } catch (e) {
    if (e instanceof AppError) return e
    throw e
  }
  throw new Error('expected a failure')
}

describe.each(databaseKinds())('phone codes and CRM values on %s', (kind) => {
  let t: TestApp
  let franchiseId: string
  const db = () => t.database.db
  let n = 0
  /** A fresh target per test: the limits are per target. */
  const target = (): PhoneTarget => ({
    purpose: 'emarketing',
    scopeId: franchiseId,
    phone: `+3361234${String(++n).padStart(4, '0')}`,
  })
  const send = (to: PhoneTarget, now = T0) =>
    sendPhoneCode(db(), sms, { ...to, text: (c) => `Code ${c}` }, now)
  const sentCode = async (to: PhoneTarget) => {
    const rows = await db().select().from(outbox).where(eq(outbox.recipient, to.phone))
    const last = rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1)!
    return /Code (\d{6})/.exec(last.body)![1]!
  }
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    franchiseId = (await franchiseNamed(db(), 'Maison Dupont')).id
  })
  afterAll(() => t.close())

  it('sends one SMS whose code proves the phone for that target only', async () => {
    const to = target()
    const sent = await send(to)
    expect(sent.resendInSeconds).toBe(60)
    const code = await sentCode(to)
    const { proof } = await confirmPhoneCode(db(), { ...to, code }, at(1))
    await expect(assertPhoneProven(db(), { ...to, proof }, at(2))).resolves.toBeUndefined()
    expect((await failure(assertPhoneProven(db(), { ...to, proof }, at(31)))).code).toBe(
      'PHONE_NOT_CONFIRMED',
    )
    const other = { ...to, purpose: 'game' as const }
    expect((await failure(assertPhoneProven(db(), { ...other, proof }, at(2)))).code).toBe(
      'PHONE_NOT_CONFIRMED',
    )
    expect((await failure(assertPhoneProven(db(), { ...to, proof: 'forged' }, at(2)))).code).toBe(
      'PHONE_NOT_CONFIRMED',
    )
    // A code works once.
    expect((await failure(confirmPhoneCode(db(), { ...to, code }, at(2)))).code).toBe('PHONE_CODE_EXPIRED')
  })

  it('a code expires after ten minutes; a new one replaces the old', async () => {
    const to = target()
    await send(to)
    const first = await sentCode(to)
    expect((await failure(confirmPhoneCode(db(), { ...to, code: first }, at(11)))).code).toBe(
      'PHONE_CODE_EXPIRED',
    )
    await send(to, at(12))
    const second = await sentCode(to)
    if (second !== first)
      expect((await failure(confirmPhoneCode(db(), { ...to, code: first }, at(13)))).code).toBe(
        'PHONE_CODE_INVALID',
      )
    await expect(confirmPhoneCode(db(), { ...to, code: second }, at(13))).resolves.toHaveProperty('proof')
  })

  it('five wrong codes lock the target, the sixth is refused even when right', async () => {
    const to = target()
    await send(to)
    const code = await sentCode(to)
    const left: number[] = []
    for (let i = 0; i < 5; i++) {
      const e = await failure(confirmPhoneCode(db(), { ...to, code: wrong(code) }, at(1)))
      expect(e.code).toBe('PHONE_CODE_INVALID')
      left.push(e.details?.attemptsLeft as number)
    }
    expect(left).toEqual([4, 3, 2, 1, 0])
    const sixth = await failure(confirmPhoneCode(db(), { ...to, code }, at(2)))
    expect([sixth.statusCode, sixth.code]).toEqual([429, 'PHONE_CODE_LOCKED'])
    expect((await failure(send(to, at(3)))).code).toBe('PHONE_CODE_LOCKED')
    // After the wait, a new code works.
    await send(to, at(17))
    await expect(confirmPhoneCode(db(), { ...to, code: await sentCode(to) }, at(18))).resolves.toHaveProperty(
      'proof',
    )
  })

  it('concurrent wrong guesses never get more than five tries', async () => {
    const to = target()
    await send(to)
    const code = await sentCode(to)
    const guesses = Array.from({ length: 20 }, (_, i) =>
      failure(
        confirmPhoneCode(
          db(),
          { ...to, code: String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0') },
          at(1),
        ),
      ),
    )
    const errors = await Promise.all(guesses)
    expect(errors.filter((e) => e.code === 'PHONE_CODE_INVALID').length).toBeLessThanOrEqual(5)
    expect((await failure(confirmPhoneCode(db(), { ...to, code }, at(2)))).code).toBe('PHONE_CODE_LOCKED')
  })

  it('one code a minute and five an hour per target', async () => {
    const to = target()
    await send(to)
    const soon = await failure(send(to, at(0.5)))
    expect([soon.statusCode, soon.code, soon.details?.retryAfter]).toEqual([429, 'PHONE_CODE_TOO_MANY', 30])
    for (let i = 1; i < 5; i++) await send(to, at(i * 2))
    expect((await failure(send(to, at(12)))).code).toBe('PHONE_CODE_TOO_MANY')
    await expect(send(to, at(61))).resolves.toHaveProperty('expiresAt')
    expect(await db().select().from(outbox).where(eq(outbox.recipient, to.phone))).toHaveLength(6)
  })

  it('writes CRM values checked against the form, static fields on the client', async () => {
    const [clientId] = await addClients(db(), franchiseId, 1, '+3369')
    await db()
      .insert(crmForms)
      .values({
        franchiseId,
        version: 1,
        fields: [
          {
            localId: 'bakery',
            label: 'Favourite bakery',
            status: 'ACTIVE',
            isStatic: false,
            isValid: true,
            validation: { type: 'SHORT_TEXT', isRequired: true, maxLength: 20 },
          },
          {
            localId: 'old',
            label: 'Archived',
            status: 'ARCHIVED',
            isStatic: false,
            isValid: true,
            validation: { type: 'NUMBER', isRequired: false },
          },
        ],
      })
    expect((await crmFormOf(db(), franchiseId)).fields.map((f) => f.localId)).toEqual([
      'firstName',
      'dateOfBirth',
      'bakery',
      'old',
    ])
    const missing = await failure(
      writeCrmValues(db(), franchiseId, clientId!, { firstName: 'Ana', dateOfBirth: '1990-04-02' }),
    )
    expect(missing.details?.field).toBe('crmValues.bakery')
    const archived = await failure(
      writeCrmValues(db(), franchiseId, clientId!, { old: '3' }, { required: false }),
    )
    expect(archived.details?.field).toBe('crmValues.old')
    const badDate = await failure(
      writeCrmValues(db(), franchiseId, clientId!, { dateOfBirth: '1990-02-30' }, { required: false }),
    )
    expect(badDate.details?.field).toBe('crmValues.dateOfBirth')
    expect(
      await db().select().from(clientCrmValues).where(eq(clientCrmValues.clientId, clientId!)),
    ).toHaveLength(0)

    await writeCrmValues(db(), franchiseId, clientId!, {
      firstName: 'Ana',
      dateOfBirth: '1990-04-02',
      bakery: ' Poilâne ',
    })
    expect(await crmValuesOf(db(), franchiseId, clientId!)).toEqual({
      firstName: 'Ana',
      dateOfBirth: '1990-04-02',
      bakery: 'Poilâne',
    })
    const [row] = await db().select().from(clients).where(eq(clients.id, clientId!))
    expect(row?.birthDate).toBe('1990-04-02')
  })
})
