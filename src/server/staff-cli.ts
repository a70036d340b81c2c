// npm run staff:add -- <email> [--role LB_SALE|LB_TECH|LB_DISTRIBUTOR] [--name "Alice Martin"]
// Creates a staff account on the configured database (DATABASE_URL or DATA_DIR, migrated first) and
// prints its one-use link to choose a password: the first administrator of a production deployment,
// which loads no demo data. Run it again for a new link.
import { parseArgs } from 'node:util'
import { loadConfig } from './config'
import { openDatabase } from './db/client'
import { addStaff, isStaffRole } from './services/staff-accounts'

function fail(message: string): never {
  console.error(`staff:add: ${message}`)
  process.exit(1)
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { role: { type: 'string', default: 'LB_SALE' }, name: { type: 'string' } },
})
const [email] = positionals
if (!email)
  fail('usage: npm run staff:add -- <email> [--role LB_SALE|LB_TECH|LB_DISTRIBUTOR] [--name <name>]')
if (!isStaffRole(values.role)) fail(`--role must be LB_SALE, LB_TECH or LB_DISTRIBUTOR, not ${values.role}`)
const config = loadConfig()
const database = await openDatabase(config)
try {
  await database.migrate()
  const staff = await addStaff(
    database.db,
    { email, role: values.role, ...(values.name ? { displayName: values.name } : {}) },
    config.publicUrl,
  )
  console.log(`${staff.created ? 'Created' : 'Already there:'} ${staff.email} (${staff.role}).`)
  console.log(`Open this link within 7 days to choose the password (it works once):\n${staff.link}`)
} catch (err) {
  fail(err instanceof Error ? err.message : String(err))
} finally {
  await database.close()
}
