// The franchise's registration form as stored, and a client's values for it (issue 21). Shared by the
// form builder's service (crm.ts), the client detail and the public landing page: the values are
// checked against the same §5 rules (domain/crm.ts) wherever they come from. The two static fields
// live on the client row itself (first name, date of birth); the merchant's fields in client_crm_values.
import { and, eq, inArray } from 'drizzle-orm'
import {
  activeFields,
  type CrmField,
  isStaticLocalId,
  STATIC_CRM_FIELDS,
  storedValue,
  valueError,
} from '../../domain/crm'
import type { Db, Tx } from '../db/client'
import { clientCrmValues, clients, crmForms } from '../db/schema'
import { badRequest } from '../errors'

export type CrmForm = { version: number; fields: CrmField[] }

/** Static fields first, then the merchant's in their order (archived ones included). */
export async function crmFormOf(db: Db | Tx, franchiseId: string): Promise<CrmForm> {
  const [row] = await db
    .select({ version: crmForms.version, fields: crmForms.fields })
    .from(crmForms)
    .where(eq(crmForms.franchiseId, franchiseId))
  return { version: row?.version ?? 0, fields: [...STATIC_CRM_FIELDS, ...(row?.fields ?? [])] }
}

/** The fields a customer or a merchant fills in today. */
export async function activeCrmFields(db: Db | Tx, franchiseId: string): Promise<CrmField[]> {
  return activeFields((await crmFormOf(db, franchiseId)).fields)
}

export type CrmValues = Record<string, string>

/**
 * Checks `values` against the franchise's active fields and writes them for the client: a 400
 * VALIDATION_FAILED naming `crmValues.<localId>` for the first wrong one, an unknown or archived field
 * included. A field left out keeps its value; an empty value clears it (unless required). `required`
 * false (an edit of some fields only) does not ask for the required fields that are left out.
 */
export async function writeCrmValues(
  tx: Db | Tx,
  franchiseId: string,
  clientId: string,
  values: CrmValues,
  options: { required?: boolean } = {},
): Promise<void> {
  const fields = await activeCrmFields(tx, franchiseId)
  const byId = new Map(fields.map((f) => [f.localId, f]))
  for (const localId of Object.keys(values)) {
    if (!byId.has(localId))
      throw badRequest('VALIDATION_FAILED', `Invalid body: crmValues.${localId}: not a field of this form`, {
        field: `crmValues.${localId}`,
      })
  }
  for (const field of fields) {
    const given = Object.hasOwn(values, field.localId)
    if (!given && options.required === false) continue
    const error = valueError(field, values[field.localId])
    if (error)
      throw badRequest('VALIDATION_FAILED', `Invalid body: crmValues.${field.localId}: ${error}`, {
        field: `crmValues.${field.localId}`,
        rule: error,
      })
  }

  const onClient: { firstName?: string; birthDate?: string | null } = {}
  const upserts: { localId: string; value: string }[] = []
  const cleared: string[] = []
  for (const [localId, raw] of Object.entries(values)) {
    const field = byId.get(localId)!
    const value = raw.trim() === '' ? '' : storedValue(field, raw)
    if (localId === 'firstName') onClient.firstName = value
    else if (localId === 'dateOfBirth') onClient.birthDate = value || null
    else if (value === '') cleared.push(localId)
    else upserts.push({ localId, value })
  }
  if (Object.keys(onClient).length)
    await tx
      .update(clients)
      .set(onClient)
      .where(and(eq(clients.id, clientId), eq(clients.franchiseId, franchiseId)))
  if (cleared.length)
    await tx
      .delete(clientCrmValues)
      .where(
        and(
          eq(clientCrmValues.clientId, clientId),
          eq(clientCrmValues.franchiseId, franchiseId),
          inArray(clientCrmValues.localId, cleared),
        ),
      )
  for (const { localId, value } of upserts) {
    await tx
      .insert(clientCrmValues)
      .values({ clientId, franchiseId, localId, value })
      .onConflictDoUpdate({
        target: [clientCrmValues.clientId, clientCrmValues.localId, clientCrmValues.franchiseId],
        set: { value, updatedAt: new Date() },
      })
  }
}

/** A client of the franchise: its values by field id, the static fields' from the client row. */
export async function crmValuesOf(db: Db | Tx, franchiseId: string, clientId: string): Promise<CrmValues> {
  const [client] = await db
    .select({ firstName: clients.firstName, birthDate: clients.birthDate })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.franchiseId, franchiseId)))
  if (!client) return {}
  const rows = await db
    .select({ localId: clientCrmValues.localId, value: clientCrmValues.value })
    .from(clientCrmValues)
    .where(and(eq(clientCrmValues.clientId, clientId), eq(clientCrmValues.franchiseId, franchiseId)))
  const values: CrmValues = { firstName: client.firstName, dateOfBirth: client.birthDate ?? '' }
  for (const r of rows) if (!isStaticLocalId(r.localId)) values[r.localId] = r.value
  return values
}
