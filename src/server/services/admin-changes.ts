// Staff changes to a merchant (routes/admin.ts), each recorded in its franchise's audit log after it
// is made, so that it shows in the franchise panel: who (the staff account), the route and path, what
// changed and the answer's status.
import type {
  CreatedFranchise,
  CreatedFranchiseOwner,
  CreateFranchiseOwnerRequest,
  CreateFranchiseRequest,
  MerchantRow,
} from '../../domain/admin'
import type { Feature } from '../../domain/constants'
import type { Mailer } from '../adapters/mail'
import type { Db } from '../db/client'
import { scrubUrl } from '../logging'
import { createFranchise, createFranchiseOwner, setFeature, setMerchantSubscription } from './admin'
import { recordAudit } from './audit'

/** The staff account making the change, and the call it made: its method, route pattern and URL. */
export type StaffChange = { userId: string; method: string; route: string | undefined; url: string }

function audit(
  db: Db,
  by: StaffChange,
  franchiseId: string | null | undefined,
  details: Record<string, unknown>,
  statusCode = 200,
): Promise<void> {
  if (!franchiseId) return Promise.resolve()
  return recordAudit(db, {
    franchiseId,
    userId: by.userId,
    impostorOf: null,
    action: `${by.method} ${by.route}`,
    // The path and query, secret parameters blanked.
    target: scrubUrl(by.url),
    details: { ...details, statusCode },
  })
}

/** PATCH /api/v2/users/:id/(de)activate-subscription. */
export async function changeMerchantSubscription(
  db: Db,
  by: StaffChange,
  merchantId: string,
  active: boolean,
): Promise<MerchantRow> {
  const row = await setMerchantSubscription(db, merchantId, active)
  await audit(db, by, row.franchise?.id, { merchant: row.email, isSubscribedRetailer: active })
  return row
}

/** PATCH /api/v2/franchises/:id/features. */
export async function changeFeature(
  db: Db,
  by: StaffChange,
  franchiseId: string,
  feature: Feature,
  isEnabled: boolean,
) {
  const result = await setFeature(db, franchiseId, feature, isEnabled)
  await audit(db, by, franchiseId, { feature, isEnabled })
  return result
}

/** POST /api/v2/franchise-owner: a new franchise with its owner, or the owner of one without. */
export async function addFranchiseOwner(
  db: Db,
  mailer: Mailer,
  by: StaffChange,
  input: CreateFranchiseOwnerRequest,
  publicUrl: string,
): Promise<CreatedFranchiseOwner> {
  const created = await createFranchiseOwner(db, mailer, input, publicUrl)
  await audit(
    db,
    by,
    created.franchise.id,
    { owner: created.owner.email, newFranchise: input.franchiseId === undefined },
    201,
  )
  return created
}

/** POST /api/v2/franchises: for an existing merchant or without an owner yet. */
export async function addFranchise(
  db: Db,
  by: StaffChange,
  input: CreateFranchiseRequest,
): Promise<CreatedFranchise> {
  const created = await createFranchise(db, input)
  await audit(db, by, created.id, { title: created.name, userId: created.userId }, 201)
  return created
}
