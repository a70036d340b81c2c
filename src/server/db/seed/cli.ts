// `npm run seed` loads the demo data into an empty database; `npm run seed -- --reset` starts over.
import { loadConfig } from '../../config'
import { openDatabase } from '../client'
import { isEmpty, resetDatabase, seed } from './index'

const config = loadConfig()
const reset = process.argv.includes('--reset')
const database = await openDatabase(config)
await database.migrate()
if (reset) {
  await resetDatabase(database)
  console.log('seed: database emptied')
}
if (!reset && !(await isEmpty(database))) {
  console.log('seed: the database already has data; run `npm run seed -- --reset` to start over')
} else {
  await seed(database)
}
await database.close()
