import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { migrateWithSources } from '/work/main/src/server/db/functions'
const extensions = { pg_trgm }
let t0 = Date.now()
const c = await PGlite.create({ extensions })
console.log('create', Date.now() - t0); t0 = Date.now()
const db = drizzle(c)
const raw = async (text: string, values?: unknown[]) => {
  if (values && values.length) return c.query(text, values) as any
  const r = await c.exec(text); const last = r[r.length - 1]
  return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? 0 }
}
await migrateWithSources(raw as any, () => migrate(db as any, { migrationsFolder: '/work/main/src/server/db/migrations' }))
console.log('migrate', Date.now() - t0); t0 = Date.now()
const blob = await c.dumpDataDir('none')
console.log('dump', Date.now() - t0, blob.size); t0 = Date.now()
await c.close()
for (let i = 0; i < 3; i++) {
  t0 = Date.now()
  const c2 = await PGlite.create({ extensions, loadDataDir: blob })
  const r = await c2.query('select count(*) from clients')
  console.log('load', Date.now() - t0, r.rows)
  await c2.close()
  t0 = Date.now()
  const c3 = await PGlite.create({ extensions })
  console.log('fresh', Date.now() - t0)
  await c3.close()
}
