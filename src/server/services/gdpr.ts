// GDPR (issue 23): a client's copy of everything the franchise holds about it, and its erasure.
// The copy walks the database's own catalogue (every table with a client_id column, and the tables
// kept by phone number or address), so a table added later is in it without anyone remembering to.
// The erasure removes or replaces the personal fields wherever they are kept, and keeps the ledger,
// the aggregates and the coupons (now anonymous) so that the franchise's figures do not change.
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import { canDeleteClient } from '../../domain/access'
import { ERASED_MARK, ERASURE_KEEPS } from '../../domain/gdpr'
import { franchiseLocale } from '../../domain/locale'
import type { Mailer } from '../adapters/mail'
import type { Db, Tx } from '../db/client'
import {
  campaignRecipients,
  clientCrmValues,
  clientPushTokens,
  clientStores,
  clients,
  franchises,
  games,
  outbox,
  phoneCodes,
  rateLimits,
  scanDevices,
  smsOptOuts,
  storeOpinions,
} from '../db/schema'
import { forbidden } from '../errors'
import { recordAudit } from './audit'
import { visibleClient } from './clients'
import { mailOf } from './mail-templates'
import { assertFranchise, reachOf, scopedFranchise, type Tenant } from './scope'

type Row = Record<string, unknown>
const rowsOf = (res: unknown): Row[] => (res as { rows: Row[] }).rows

/** Columns never handed out, even to the person they are about: they prove, they do not describe. */
const SECRET = /(_hash|_secret|^token)$/
const withoutSecrets = (rows: Row[]) =>
  rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !SECRET.test(k))))
const ident = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected table name ${name}`)
  return sql.raw(`"${name}"`)
}

/**
 * Every table with a client_id column, whether it carries franchise_id (scoped by it then), and its
 * date and time columns.
 */
async function clientTables(db: Db | Tx): Promise<{ table: string; scoped: boolean; dates: string[] }[]> {
  const res = await db.execute(sql`
    select c.table_name as table,
           exists (select 1 from information_schema.columns f where f.table_schema = c.table_schema
                    and f.table_name = c.table_name and f.column_name = 'franchise_id') as scoped,
           array(select d.column_name::text from information_schema.columns d where d.table_schema = c.table_schema
                  and d.table_name = c.table_name and (d.data_type like 'timestamp%' or d.data_type = 'date')) as dates
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = current_schema() and c.column_name = 'client_id' and t.table_type = 'BASE TABLE'
     order by c.table_name`)
  return rowsOf(res).map((r) => ({
    table: String(r.table),
    scoped: r.scoped === true || r.scoped === 't',
    dates: r.dates as string[],
  }))
}

/**
 * PostgreSQL's ±infinity (the list keys of a client who never came: last visit '-infinity') is no
 * date: written as none, like a missing one, instead of a word or an invalid date in the copy.
 */
const isMoment = (v: unknown) =>
  v instanceof Date ? !Number.isNaN(v.getTime()) : !/^[-+]?infinity$/i.test(String(v))
const withoutInfinity = (rows: Row[], dates: string[]) =>
  rows.map((r) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, dates.includes(k) && !isMoment(v) ? null : v])),
  )

/** The rows kept by the client's phone or addresses rather than its id. */
async function rowsByContact(
  db: Db | Tx,
  franchiseId: string,
  c: { id: string; phone: string | null; email: string | null },
) {
  const phone = c.phone
  const addresses = [c.id, phone, c.email].filter((v): v is string => !!v)
  return {
    sms_opt_outs: phone
      ? await db
          .select()
          .from(smsOptOuts)
          .where(and(eq(smsOptOuts.franchiseId, franchiseId), eq(smsOptOuts.phone, phone)))
      : [],
    phone_codes: phone ? await db.select().from(phoneCodes).where(phoneCodesOf(franchiseId, phone)) : [],
    scan_devices: phone
      ? await db
          .select()
          .from(scanDevices)
          .where(and(eq(scanDevices.franchiseId, franchiseId), eq(scanDevices.phone, phone)))
      : [],
    outbox: await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.franchiseId, franchiseId), inArray(outbox.recipient, addresses))),
  }
}

/** The one-time codes sent to a phone for this franchise's landing page or games. */
const phoneCodesOf = (franchiseId: string, phone: string): SQL =>
  and(
    eq(phoneCodes.phone, phone),
    or(
      eq(phoneCodes.scopeId, franchiseId),
      inArray(
        phoneCodes.scopeId,
        sql`(select ${games.id} from ${games} where ${games.franchiseId} = ${franchiseId})`,
      ),
    ),
  )!

export type PersonalData = {
  exportedAt: string
  franchise: { id: string; name: string }
  client: Row
  /** Every table that refers to the client by id, by its name in the database. */
  byClientId: Record<string, Row[]>
  /** Rows kept by the client's phone number or address. */
  byContact: Record<string, Row[]>
}

/** GET …/clients/{id}/personal-data: everything held about the client, read in one snapshot. */
export async function personalData(
  db: Db,
  tenant: Tenant,
  franchiseId: string,
  clientId: string,
): Promise<PersonalData> {
  assertFranchise(tenant, franchiseId)
  const f = await scopedFranchise(db, tenant, franchiseId)
  const c = await visibleClient(db, tenant, franchiseId, clientId)
  const byClientId: Record<string, Row[]> = {}
  for (const { table, scoped, dates } of await clientTables(db)) {
    const res = await db.execute(
      sql`select * from ${ident(table)} where client_id = ${c.id}${scoped ? sql` and franchise_id = ${f.id}` : sql``}`,
    )
    byClientId[table] = withoutSecrets(withoutInfinity(rowsOf(res), dates))
  }
  const contact = await rowsByContact(db, f.id, c)
  return {
    exportedAt: new Date().toISOString(),
    franchise: { id: f.id, name: f.name },
    client: profileOf(c),
    byClientId,
    byContact: Object.fromEntries(
      Object.entries(contact).map(([k, rows]) => [k, withoutSecrets(rows.map(snake))]),
    ),
  }
}

/**
 * The client's own fields: not the keys the database derives for sorting the list (a never-visited
 * client's last-visit key is -infinity, no date at all), which say nothing about the person.
 */
function profileOf(c: Awaited<ReturnType<typeof visibleClient>>): Row {
  const { lastVisitKey, averageBasketKey, weeklyBasketKey, ...profile } = c
  return profile
}

/** Drizzle rows come camelCased: written as the database names them, like the walked tables. */
const snake = (r: object): Row =>
  Object.fromEntries(
    Object.entries(r).map(([k, v]) => [k.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`), v]),
  )

export type Erasure = { clientId: string; erasedAt: string; alreadyErased: boolean }

/**
 * POST …/clients/{id}/erase: one transaction, done once (a repeat answers the first erasure). The
 * client row keeps its id, aggregates and balance, the ledger its rows: every figure stays as it was.
 */
export async function eraseClient(
  db: Db,
  mailer: Mailer,
  tenant: Tenant,
  franchiseId: string,
  clientId: string,
): Promise<Erasure> {
  assertFranchise(tenant, franchiseId)
  return db.transaction(async (tx) => {
    const c = await visibleClient(tx, tenant, franchiseId, clientId)
    // The same rule as deleting: a store owner may not erase a client other stores share.
    const links = await tx
      .select({ storeId: clientStores.storeId })
      .from(clientStores)
      .where(and(eq(clientStores.franchiseId, franchiseId), eq(clientStores.clientId, c.id)))
    if (
      !canDeleteClient(
        reachOf(tenant, franchiseId),
        links.map((l) => l.storeId),
      )
    )
      throw forbidden(
        'This client also visited other stores of the franchise: only the franchise owner may erase it',
        'CLIENT_SHARED',
      )
    // Locked: two erasures of one client run one after the other, the second finds it erased.
    const [locked] = await tx
      .select({ erasedAt: clients.erasedAt, phone: clients.phone, email: clients.email })
      .from(clients)
      .where(and(eq(clients.id, c.id), eq(clients.franchiseId, franchiseId)))
      .for('update')
    if (locked?.erasedAt)
      return { clientId: c.id, erasedAt: locked.erasedAt.toISOString(), alreadyErased: true }
    const now = new Date()
    const { phone, email } = locked!
    await tx
      .update(clients)
      .set({
        firstName: '',
        lastName: '',
        email: null,
        phone: null,
        gender: null,
        birthDate: null,
        postcode: null,
        appLastUsedAt: null,
        erasedAt: now,
        updatedAt: now,
      })
      .where(and(eq(clients.id, c.id), eq(clients.franchiseId, franchiseId)))
    await tx
      .delete(clientCrmValues)
      .where(and(eq(clientCrmValues.clientId, c.id), eq(clientCrmValues.franchiseId, franchiseId)))
    // The app installations' push tokens name the client's devices (issue 35 §4): gone with them.
    await tx
      .delete(clientPushTokens)
      .where(and(eq(clientPushTokens.clientId, c.id), eq(clientPushTokens.franchiseId, franchiseId)))
    // Messages not sent yet stop (the dispatch sends PENDING rows only); sent ones forget the address.
    await tx
      .update(campaignRecipients)
      .set({
        address: ERASED_MARK,
        status: sql`case when ${campaignRecipients.status} = 'PENDING' then 'SKIPPED' else ${campaignRecipients.status} end`,
      })
      .where(and(eq(campaignRecipients.clientId, c.id), eq(campaignRecipients.franchiseId, franchiseId)))
    const addresses = [c.id, phone, email].filter((v): v is string => !!v)
    await tx
      .update(outbox)
      .set({ recipient: ERASED_MARK, body: '', subject: null })
      .where(and(eq(outbox.franchiseId, franchiseId), inArray(outbox.recipient, addresses)))
    // The customer is told, at the address being erased (queued after the redaction above, so the
    // notice itself is the one row that still holds it, until it is sent).
    if (email) {
      const [f] = await tx
        .select({ name: franchises.name, country: franchises.codeAlpha3 })
        .from(franchises)
        .where(eq(franchises.id, franchiseId))
      const mail = mailOf('gdprErasure', franchiseLocale(f!.country), { franchise: f!.name })
      await mailer.send(tx, {
        to: email,
        franchiseId,
        ...mail,
        dedupeKey: `gdpr-erasure:${c.id}`,
        forgetRecipient: true,
      })
    }
    await tx
      .update(storeOpinions)
      .set({ comment: '' })
      .where(and(eq(storeOpinions.clientId, c.id), eq(storeOpinions.franchiseId, franchiseId)))
    if (phone) {
      await tx.delete(phoneCodes).where(phoneCodesOf(franchiseId, phone))
      await tx
        .delete(scanDevices)
        .where(and(eq(scanDevices.franchiseId, franchiseId), eq(scanDevices.phone, phone)))
      await tx
        .delete(smsOptOuts)
        .where(and(eq(smsOptOuts.franchiseId, franchiseId), eq(smsOptOuts.phone, phone)))
    }
    // Attempt counters keyed by the phone or e-mail (they expire anyway; nothing of them is needed).
    const contacts = [phone, email].filter((v): v is string => !!v)
    if (contacts.length)
      await tx.delete(rateLimits).where(or(...contacts.map((v) => sql`${rateLimits.key} like ${`%:${v}`}`)))
    await recordAudit(tx, {
      franchiseId,
      userId: tenant.userId,
      impostorOf: tenant.actingAs,
      action: 'client.erase',
      target: c.id,
      details: { kept: [...ERASURE_KEEPS] },
    })
    return { clientId: c.id, erasedAt: now.toISOString(), alreadyErased: false }
  })
}
