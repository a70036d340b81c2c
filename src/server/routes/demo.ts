// GET /api/v2/demo (issue 8): which franchise the demo pages show. Any signed-in user may read it; its
// figures, clients and card come from the ordinary read routes, which accept its id on GET only.
import type { FastifyInstance } from 'fastify'
import { DemoFranchise } from '../../domain/demo'
import { allow } from '../plugins/route-contract'
import { demoFranchise } from '../services/demo'

export default async function demoRoutes(app: FastifyInstance) {
  app.get('/api/v2/demo', { ...allow('signedIn'), schema: { response: { 200: DemoFranchise } } }, async () =>
    demoFranchise(app.database.db),
  )
}
