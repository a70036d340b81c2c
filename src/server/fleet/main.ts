// `npm run fleet`: FLEET_WEB web processes (2) and FLEET_WORKERS job workers (1) behind HAProxy on PORT
// (3000), on PostgreSQL (DATABASE_URL; by default the local server's `loyalty` database, created when
// missing). SIGHUP restarts the web processes one at a time; SIGINT or SIGTERM stops everything.
import path from 'node:path'
import pg from 'pg'
import { Fleet } from './fleet'
import { ensureHaproxy } from './haproxy'

const count = (name: string, fallback: number) => {
  const n = Number(process.env[name] ?? fallback)
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`${name} must be a whole number of processes, at least 1`)
  return n
}

/** The database named in the URL, created on its server when missing (PGlite serves one process only). */
async function ensureDatabase(url: string) {
  const target = new URL(url)
  const name = decodeURIComponent(target.pathname.slice(1))
  const admin = new URL(url)
  admin.pathname = '/postgres'
  const client = new pg.Client({ connectionString: admin.toString() })
  await client.connect()
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name])
    if (!rowCount) await client.query(`create database "${name.replace(/"/g, '""')}"`)
  } finally {
    await client.end()
  }
}

const root = process.cwd()
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/loyalty'
ensureHaproxy()
await ensureDatabase(databaseUrl)
const fleet = new Fleet({
  root,
  web: count('FLEET_WEB', 2),
  workers: count('FLEET_WORKERS', 1),
  port: Number(process.env.PORT ?? 3000),
  databaseUrl,
  dir: path.resolve(process.env.DATA_DIR ?? './data', 'fleet'),
})
await fleet.start()
console.log(`Fleet serving on ${fleet.url}: ${fleet.members.map((m) => `${m.name} (:${m.port})`).join(', ')}`)
console.log(
  `Logs in ${path.resolve(process.env.DATA_DIR ?? './data', 'fleet', 'logs')}; kill -HUP ${process.pid} restarts the web processes one at a time.`,
)

let busy = false
process.on('SIGHUP', async () => {
  if (busy) return
  busy = true
  console.log('Rolling restart…')
  await fleet.rollingRestart().catch((err) => console.error(`Rolling restart failed: ${err.message}`))
  console.log('Rolling restart done')
  busy = false
})
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, async () => {
    console.log('Stopping the fleet…')
    await fleet.stop()
    process.exit(0)
  })
