// The registration-form builder (issue 21; SPEC §7 GET/POST /api/v2/franchises/{id}/crm-form) and a
// client's values on the client detail. The form is saved whole and versioned: a save or a delete made
// on an older version than the stored one is a 409 CRM_FORM_VERSION_CONFLICT carrying the stored
// version, so two tabs never overwrite each other silently. A field leaves the form only through the
// delete of an archived field, which deletes its values with it. The §5 rules are domain/crm.ts's; the
// values are written through crm-values.ts (one validation for the client detail and the landing page).
import { and, count, eq, sql } from 'drizzle-orm'
import {
  CRM_FIELD_TYPES,
  type CrmField,
  type CrmFormInputValue,
  fieldRuleErrors,
  isStaticLocalId,
  withValidity,
} from '../../domain/crm'
import { CRM_FIELD_NOT_ARCHIVED, CRM_VERSION_CONFLICT } from '../../domain/crm-clients'
import type { Db, Tx } from '../db/client'
import { clientCrmValues, clients, crmForms } from '../db/schema'
import { AppError, badRequest, notFound } from '../errors'
import { type CrmForm, crmFormOf, crmValuesOf, writeCrmValues } from './crm-values'
import { assertFranchise, clientInScope, type Tenant } from './scope'

const conflictAt = (version: number) =>
  new AppError(409, CRM_VERSION_CONFLICT, 'The form was saved meanwhile: reload it', { version })
const fieldNotFound = () => notFound('CRM_FIELD_NOT_FOUND', 'Field not found')
const invalid = (field: string, message: string, rule?: string) =>
  badRequest('VALIDATION_FAILED', `Invalid body: ${field}: ${message}`, {
    field,
    in: 'body',
    ...(rule ? { rule } : {}),
  })

/** The form of a franchise the caller reaches; without its archived fields unless asked. */
export async function getCrmForm(db: Db, tenant: Tenant, franchiseId: string, includeArchived: boolean) {
  assertFranchise(tenant, franchiseId)
  const form = await crmFormOf(db, franchiseId)
  return includeArchived ? form : { ...form, fields: form.fields.filter((f) => f.status === 'ACTIVE') }
}

// Where each part of fieldRuleErrors lives in a saved field.
const RULE_PATH = {
  label: 'label',
  min: 'validation.min',
  minLength: 'validation.minLength',
  minDate: 'validation.minDate',
  maxDate: 'validation.maxDate',
} as const

/** Only the limits of the field's own type are kept (a minimum length means nothing to a date). */
function ownLimits(field: CrmField): CrmField {
  const v = field.validation
  const keep = {
    SHORT_TEXT: { minLength: v.minLength, maxLength: v.maxLength },
    NUMBER: { min: v.min, max: v.max },
    DATE: { minDate: v.minDate, maxDate: v.maxDate },
  }[v.type]
  const limits = Object.fromEntries(Object.entries(keep).filter(([, x]) => x !== null && x !== undefined))
  return {
    ...field,
    label: field.label.trim(),
    validation: { type: v.type, isRequired: v.isRequired, ...limits },
  }
}

/** The merchant's fields as they will be stored, or a 400 naming the first wrong one. */
function checkedFields(fields: readonly CrmField[], stored: readonly CrmField[]): CrmField[] {
  const seen = new Set<string>()
  fields.forEach((f, i) => {
    if (f.isStatic || isStaticLocalId(f.localId))
      throw invalid(`fields.${i}.isStatic`, 'the static fields are locked and not saved')
    if (seen.has(f.localId))
      throw invalid(`fields.${i}.localId`, 'another field has this id', 'crm.rules.duplicateId')
    seen.add(f.localId)
    if (!(CRM_FIELD_TYPES as readonly string[]).includes(f.validation.type))
      throw invalid(`fields.${i}.validation.type`, 'unknown type')
    const errors = fieldRuleErrors(ownLimits(f))
    const [part, rule] = Object.entries(errors)[0] ?? []
    if (part) throw invalid(`fields.${i}.${RULE_PATH[part as keyof typeof RULE_PATH]}`, String(rule), rule)
  })
  // A field leaves the form only through its delete (archived first), never by being left out.
  const missing = stored.find((s) => !seen.has(s.localId))
  if (missing)
    throw invalid('fields', `the field ${missing.localId} is missing: archive it, or delete it for good`)
  return withValidity(fields.map(ownLimits))
}

/** The stored form row, locked for this transaction (none before the first save). */
async function lockedForm(tx: Tx, franchiseId: string) {
  const [row] = await tx
    .select({ version: crmForms.version, fields: crmForms.fields })
    .from(crmForms)
    .where(eq(crmForms.franchiseId, franchiseId))
    .for('update')
  return row ?? { version: 0, fields: [] as CrmField[] }
}

/** Saves the merchant's fields whole (POST …/crm-form); answers the form at its new version. */
export async function saveCrmForm(
  db: Db,
  tenant: Tenant,
  franchiseId: string,
  input: CrmFormInputValue,
): Promise<CrmForm> {
  assertFranchise(tenant, franchiseId)
  return db.transaction(async (tx) => {
    const stored = await lockedForm(tx, franchiseId)
    if (input.version !== stored.version) throw conflictAt(stored.version)
    const fields = checkedFields(input.fields as CrmField[], stored.fields)
    const version = stored.version + 1
    // Two first saves at once both read "no row": the loser's insert meets the winner's row, and only
    // a row still at the version read is replaced.
    const [saved] = await tx
      .insert(crmForms)
      .values({ franchiseId, version, fields })
      .onConflictDoUpdate({
        target: crmForms.franchiseId,
        set: { version, fields, updatedAt: new Date() },
        setWhere: eq(crmForms.version, stored.version),
      })
      .returning({ version: crmForms.version })
    if (!saved) throw conflictAt((await lockedForm(tx, franchiseId)).version)
    return crmFormOf(tx, franchiseId)
  })
}

/** A merchant field of the stored form (static ones have no values of their own here). */
async function storedField(db: Db | Tx, franchiseId: string, localId: string) {
  const form = await crmFormOf(db, franchiseId)
  const field = form.fields.find((f) => f.localId === localId && !f.isStatic)
  if (!field) throw fieldNotFound()
  return { form, field }
}

/** How many clients of the franchise hold a value for the field (said before deleting it). */
export async function crmValueCount(db: Db, tenant: Tenant, franchiseId: string, localId: string) {
  assertFranchise(tenant, franchiseId)
  await storedField(db, franchiseId, localId)
  const [row] = await db
    .select({ n: count() })
    .from(clientCrmValues)
    .where(and(eq(clientCrmValues.franchiseId, franchiseId), eq(clientCrmValues.localId, localId)))
  return { localId, count: Number(row?.n ?? 0) }
}

/** Deletes an archived field and every client's value for it, at the version the merchant saw. */
export async function deleteCrmField(
  db: Db,
  tenant: Tenant,
  franchiseId: string,
  localId: string,
  version: number,
): Promise<CrmForm> {
  assertFranchise(tenant, franchiseId)
  return db.transaction(async (tx) => {
    const stored = await lockedForm(tx, franchiseId)
    const field = stored.fields.find((f) => f.localId === localId)
    if (!field) throw fieldNotFound()
    if (version !== stored.version) throw conflictAt(stored.version)
    if (field.status !== 'ARCHIVED')
      throw new AppError(409, CRM_FIELD_NOT_ARCHIVED, 'Archive the field before deleting it for good')
    await tx
      .update(crmForms)
      .set({
        version: stored.version + 1,
        fields: stored.fields.filter((f) => f.localId !== localId),
        updatedAt: new Date(),
      })
      .where(eq(crmForms.franchiseId, franchiseId))
    await tx
      .delete(clientCrmValues)
      .where(and(eq(clientCrmValues.franchiseId, franchiseId), eq(clientCrmValues.localId, localId)))
    return crmFormOf(tx, franchiseId)
  })
}

// ——— A client's values (client detail) ———

/** The client, if the caller may see it (its franchise, and for a store owner one of its stores). */
async function assertClient(db: Db | Tx, tenant: Tenant, franchiseId: string, clientId: string) {
  assertFranchise(tenant, franchiseId)
  const [c] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.franchiseId, franchiseId), clientInScope(tenant)))
  if (!c) throw notFound('CLIENT_NOT_FOUND', 'Client not found')
}

/** The active merchant fields and the client's values for them (archived fields' values stay hidden). */
async function valuesAnswer(db: Db | Tx, franchiseId: string, clientId: string) {
  const form = await crmFormOf(db, franchiseId)
  const fields = form.fields.filter((f) => !f.isStatic && f.status === 'ACTIVE')
  const all = await crmValuesOf(db, franchiseId, clientId)
  const values = Object.fromEntries(
    fields.flatMap((f) => (all[f.localId] ? [[f.localId, all[f.localId]!]] : [])),
  )
  return { fields, values }
}

export async function clientCrmValuesOf(db: Db, tenant: Tenant, franchiseId: string, clientId: string) {
  await assertClient(db, tenant, franchiseId, clientId)
  return valuesAnswer(db, franchiseId, clientId)
}

/**
 * Writes the values typed on the client detail: the merchant's fields only (first name and date of
 * birth are edited with the client), each checked by the §5 rules of its field.
 */
export async function saveClientCrmValues(
  db: Db,
  tenant: Tenant,
  franchiseId: string,
  clientId: string,
  values: Record<string, string>,
) {
  const staticKey = Object.keys(values).find(isStaticLocalId)
  if (staticKey) throw invalid(`crmValues.${staticKey}`, 'edited with the client, not here')
  return db.transaction(async (tx) => {
    await assertClient(tx, tenant, franchiseId, clientId)
    await writeCrmValues(tx, franchiseId, clientId, values, { required: false })
    // The client row's updated_at says the client changed (its values are part of it).
    await tx
      .update(clients)
      .set({ updatedAt: sql`now()` })
      .where(and(eq(clients.id, clientId), eq(clients.franchiseId, franchiseId)))
    return valuesAnswer(tx, franchiseId, clientId)
  })
}
