// Starts the server: database (migrated), demo data when empty, job queue, API and front end.
import { buildApp } from './app'
import { loadConfig } from './config'
import { seedIfEmpty } from './db/seed'
import { productionProblems } from './production'

// A production start with a demo's settings stops here, saying each problem (issue 35 §5).
const problems = productionProblems(process.env)
if (problems.length > 0) {
  for (const p of problems) console.error(`Cannot start in production: ${p}`)
  process.exit(1)
}
const config = loadConfig()
const app = await buildApp(config)
if (config.seedWhenEmpty) {
  await seedIfEmpty(app.database, (m) => app.log.info(m))
}
await app.listen({ port: config.port, host: config.host })
app.log.info(`Serving on ${config.publicUrl} (database: ${app.database.kind})`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    app.log.info(`${signal}: closing`)
    await app.close()
    process.exit(0)
  })
}
