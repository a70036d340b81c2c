// GET /api/v2/demo (issue 8): which franchise the demo pages show. Any signed-in user may read it; its
// figures, clients and card come from the ordinary read routes, which accept its id on GET only.
import type { FastifyInstance } from 'fastify'
import { allow } from '../plugins/route-contract'
import { demoFranchise } from '../services/demo'

export default async function demoRoutes(app: FastifyInstance) {
  app.get('/api/v2/demo', allow('signedIn'), async () => demoFranchise(app.database.db))
}
