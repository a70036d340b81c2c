// The scan page's "it is my phone" step (issue 24 #4): a one-time SMS code proves the phone, the device
// is then remembered (scan-devices.ts), and only then does the page show the client's name, balance
// and coupons. Points earned at the counter are credited without it (scan.ts `collect`).
import { and, eq } from 'drizzle-orm'
import { phoneCountry } from '../../domain/countries'
import { customerLocale } from '../../domain/locale'
import { normalisePhone } from '../../domain/phone'
import { type ScanCard, scanCodeSmsText } from '../../domain/scan'
import type { Sms } from '../adapters/sms'
import type { Db } from '../db/client'
import { clientBalances, clients } from '../db/schema'
import { AppError, badRequest } from '../errors'
import { confirmPhoneCode, sendPhoneCode } from './phone-codes'
import { cardOf, type Loaded, loadTag } from './scan'
import { rememberDevice, type ScanDevice } from './scan-devices'

const phoneOf = (l: Loaded, raw: string) => {
  const phone = normalisePhone(raw, phoneCountry(l.franchise.codeAlpha3))
  if (!phone) throw badRequest('INVALID_PHONE', 'This phone number is not valid', { field: 'phone' })
  return phone
}
const target = (l: Loaded, phone: string) => ({ purpose: 'scan' as const, scopeId: l.franchise.id, phone })

/** Sends the code that proves `phone` for the tag's franchise. */
export async function sendScanCode(
  db: Db,
  sms: Sms,
  uid: string,
  input: { phone: string; language?: string | undefined },
  now = new Date(),
) {
  const l = await loadTag(db, uid)
  const phone = phoneOf(l, input.phone)
  // The scan page's language, else the franchise's (issue 34: only France's franchises got French).
  const language = customerLocale(input.language, l.franchise.codeAlpha3)
  return sendPhoneCode(
    db,
    sms,
    {
      ...target(l, phone),
      from: l.franchise.senderId,
      franchiseId: l.franchise.id,
      text: (code) => scanCodeSmsText(language, l.franchise.name, code),
    },
    now,
  )
}

/** Checks the code; right, the device is remembered for that phone (the cookie's value and expiry). */
export async function confirmScanCode(
  db: Db,
  uid: string,
  input: { phone: string; code: string },
  now = new Date(),
) {
  const l = await loadTag(db, uid)
  const phone = phoneOf(l, input.phone)
  await confirmPhoneCode(db, { ...target(l, phone), code: input.code }, now)
  return rememberDevice(db, { franchiseId: l.franchise.id, phone }, now)
}

const NO_CLIENT = '00000000-0000-0000-0000-000000000000'
const notProven = () =>
  new AppError(403, 'DEVICE_NOT_CONFIRMED', 'Confirm your phone number with the code we send you first.')

/** The card of the phone this device proved, at the tag's store; 403 without a proof for its franchise. */
export async function ownerCard(
  db: Db,
  uid: string,
  device: ScanDevice | null,
  now = new Date(),
): Promise<ScanCard> {
  const l = await loadTag(db, uid)
  if (!device || device.franchiseId !== l.franchise.id) throw notProven()
  const [client] = await db
    .select({ id: clients.id, firstName: clients.firstName, points: clientBalances.points })
    .from(clients)
    .innerJoin(clientBalances, eq(clientBalances.clientId, clients.id))
    .where(and(eq(clients.franchiseId, l.franchise.id), eq(clients.phone, device.phone)))
  // A proven phone with no card yet (no visit so far): an empty card, nothing about anybody else.
  return cardOf(db, l, client ?? { id: NO_CLIENT, points: 0, firstName: '' }, now)
}
