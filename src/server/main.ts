// Starts the server: database (migrated), demo data when empty, job queue, API and front end.
// PROCESS_ROLE picks what this process does in a fleet (web, worker, or all: the single process).
import { buildApp } from './app'
import { loadConfig } from './config'
import { seedIfEmpty } from './db/seed'
import { onUnhandledRejection, stopOnSignals } from './lifecycle'
import { productionProblems } from './production'

// A production start with a demo's settings stops here, saying each problem (issue 35 §5).
const problems = productionProblems(process.env)
if (problems.length > 0) {
  for (const p of problems) console.error(`Cannot start in production: ${p}`)
  process.exit(1)
}
const config = loadConfig()
const app = await buildApp(config)
// Signals are handled from here on: a stop while seeding still closes the database cleanly.
stopOnSignals(app, config.shutdown)
process.on('unhandledRejection', onUnhandledRejection(app.log))
if (config.seedWhenEmpty && config.role !== 'worker') {
  await seedIfEmpty(app.database, (m) => app.log.info(m))
}
await app.listen({ port: config.port, host: config.host })
app.log.info(`Serving on ${config.publicUrl} as ${config.role} (database: ${app.database.kind})`)
