// `npm run migrate`: apply the committed migrations to the configured database and exit.
import { loadConfig } from '../config'
import { openDatabase } from './client'

const config = loadConfig()
const database = await openDatabase(config)
await database.migrate()
console.log(`Migrations applied (${database.kind}).`)
await database.close()
