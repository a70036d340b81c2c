// SPEC §7 "Franchises" / "Stores": what the signed-in merchant owns.
import type { FastifyInstance } from 'fastify'
import { allow } from '../plugins/route-contract'
import { ownedFranchises, ownedStores } from '../services/franchises'

export default async function franchiseRoutes(app: FastifyInstance) {
  const owner = allow('owner')
  app.get('/api/v2/franchises/owned', owner, async (request) =>
    ownedFranchises(app.database.db, request.tenant!.userId),
  )
  app.get('/api/v2/stores/owned', owner, async (request) =>
    ownedStores(app.database.db, request.tenant!.userId, request.tenant!.role),
  )
}
