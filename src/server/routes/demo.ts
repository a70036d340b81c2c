// GET /api/v2/demo (issue 8): which franchise the demo pages show. Any signed-in user may read it; its
// figures, clients and card come from the ordinary read routes, which accept its id on GET only.
import type { FastifyInstance } from 'fastify'
import { DemoFranchise } from '../../domain/demo'
import { allow } from '../plugins/route-contract'
import { bound } from '../services/bound'
import * as demo from '../services/demo'

export default async function demoRoutes(app: FastifyInstance) {
  const { demoFranchise } = bound(app, demo)
  app.get('/api/v2/demo', { ...allow('signedIn'), schema: { response: { 200: DemoFranchise } } }, async () =>
    demoFranchise(),
  )
}
