// A points expiry run in a process of its own, for the crash test (tests/server/expiry-crash.test.ts):
// one franchise's nightly run on PostgreSQL at the test's instant (RUN_AT), small batches so that the
// kills land between and inside them, killed with SIGKILL at random moments and started again.
import { openPostgres } from '../../src/server/db/client'
import { runFranchiseExpiry } from '../../src/server/services/expiry-run'

const { DATABASE_URL, FRANCHISE_ID, RUN_AT } = process.env
const database = await openPostgres(DATABASE_URL!, 2)
const result = await runFranchiseExpiry(database.db, FRANCHISE_ID!, new Date(RUN_AT!), undefined, {
  batchSize: 10,
})
await database.close()
process.stdout.write(`${JSON.stringify(result)}\n`)
