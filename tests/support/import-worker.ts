// An import worker in a process of its own, for the crash test (tests/server/imports-crash.test.ts):
// it runs one import against PostgreSQL in small batches until it ends, and is killed with SIGKILL at
// random moments.
import { openPostgres } from '../../src/server/db/client'
import { runImport } from '../../src/server/services/imports-run'

const { DATABASE_URL, IMPORT_ID, BATCH_SIZE } = process.env
const database = await openPostgres(DATABASE_URL!, 2)
const status = await runImport(database.db, IMPORT_ID!, { batchSize: Number(BATCH_SIZE ?? 50) })
await database.close()
process.stdout.write(`${status}\n`)
