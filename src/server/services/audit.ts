import type { Db, Tx } from '../db/client'
import { auditLog } from '../db/schema'

export type AuditEntry = {
  franchiseId: string | null
  userId: string | null
  impostorOf: string | null
  action: string
  target?: string | null
  details?: Record<string, unknown>
}

export async function recordAudit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({ ...entry, target: entry.target ?? null, details: entry.details ?? null })
}
