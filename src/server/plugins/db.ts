// Opens the database, applies migrations, and closes it with the server.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { type Database, openDatabase } from '../db/client'

declare module 'fastify' {
  interface FastifyInstance {
    database: Database
  }
}

export type DbOptions = { databaseUrl: string | undefined; dataDir: string; database?: Database }

export default fp(
  async (app: FastifyInstance, opts: DbOptions) => {
    // Tests may hand in an already open database shared by a whole file.
    const database = opts.database ?? (await openDatabase(opts))
    await database.migrate()
    app.decorate('database', database)
    if (!opts.database) app.addHook('onClose', async () => database.close())
  },
  { name: 'db' },
)
