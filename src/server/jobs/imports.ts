// The client import job (issue 23): one waiting job per import (its singleton key on a `short`
// queue), queued when the merchant starts it and again at every server start for the imports a stop
// left queued or running. The work is services/imports-run.ts: batches that each commit whole, so a
// job killed anywhere resumes after the last batch, and two jobs of one import never repeat a record.
import type PgBoss from 'pg-boss'
import type { Db } from '../db/client'
import { type ImportQueue, liveImports } from '../services/imports'
import { runImport } from '../services/imports-run'

export const IMPORT_JOB = 'imports.run'
export type ImportJobData = { importId: string }

export const importQueueOptions = {
  name: IMPORT_JOB,
  policy: 'short',
  // A 100,000-record file takes about a minute; the expiry leaves room for a slow database.
  expireInSeconds: 60 * 60,
  retryLimit: 5,
  retryDelay: 10,
  retryBackoff: true,
} as const

export function pgBossImportQueue(boss: PgBoss): ImportQueue {
  return {
    async enqueue(importId) {
      await boss.send(IMPORT_JOB, { importId } satisfies ImportJobData, { singletonKey: importId })
    },
  }
}

export async function importJob(db: Db, data: ImportJobData) {
  return { status: await runImport(db, data.importId) }
}

/** Imports left queued or running by a stop get their job back. */
export async function requeueImports(db: Db, queue: ImportQueue) {
  for (const id of await liveImports(db)) await queue.enqueue(id)
}
