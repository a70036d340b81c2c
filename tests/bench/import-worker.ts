// The server's side of `npm run bench -- import`, in a process of its own so that its RSS is the
// server's alone (the benchmark's CSV fixture lives in the parent): it opens the database and says
// "ready" (the parent takes its idle RSS then), waits for "go", uploads the file through the service,
// runs the import with the job's code and prints the outcome as one JSON line.
import { readFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { eq } from 'drizzle-orm'
import { openPostgres } from '../../src/server/db/client'
import { clientImports, franchises } from '../../src/server/db/schema'
import { startImport, uploadImport } from '../../src/server/services/imports'
import { runImport } from '../../src/server/services/imports-run'
import type { Tenant } from '../../src/server/services/scope'
import { IMPORT_MAPPING } from '../support/import-fixtures'

const [url, file] = process.argv.slice(2) as [string, string]
const database = await openPostgres(url, 10)
const db = database.db
const [f] = await db.select().from(franchises).where(eq(franchises.name, 'Maison Dupont'))
const tenant: Tenant = {
  franchiseIds: [f!.id],
  storeIds: null,
  userId: f!.userId!,
  role: 'FRANCHISE_OWNER',
  kind: 'member',
  actingAs: null,
}
console.log('ready')
const lines = createInterface({ input: process.stdin })
for await (const line of lines) if (line === 'go') break
const t0 = performance.now()
const cpu0 = process.cpuUsage()
const up = await uploadImport(db, tenant, f!.id, { fileName: 'bench.csv', bytes: readFileSync(file) })
const t1 = performance.now()
await startImport(db, tenant, up.id, IMPORT_MAPPING, undefined)
const status = await runImport(db, up.id)
const t2 = performance.now()
const cpu = process.cpuUsage(cpu0)
const [imp] = await db.select().from(clientImports).where(eq(clientImports.id, up.id))
console.log(
  JSON.stringify({
    status,
    created: imp!.created,
    updated: imp!.updated,
    skipped: imp!.skipped,
    upload: (t1 - t0) / 1000,
    run: (t2 - t1) / 1000,
    // This process's own CPU (parsing, validation, building the statements): the rest is the database's.
    cpu: (cpu.user + cpu.system) / 1e6,
  }),
)
await database.close()
process.exit(0)
