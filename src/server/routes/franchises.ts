// SPEC §7 "Franchises" / "Stores": what the signed-in merchant owns.
import type { FastifyInstance } from 'fastify'
import { array } from 'superstruct'
import { FranchiseSummary, StoreSummary } from '../../domain/franchise'
import { allow } from '../plugins/route-contract'
import { ownedFranchises, ownedStores } from '../services/franchises'

export default async function franchiseRoutes(app: FastifyInstance) {
  const owner = allow('owner')
  app.get(
    '/api/v2/franchises/owned',
    { ...owner, schema: { response: { 200: array(FranchiseSummary) } } },
    async (request) => ownedFranchises(app.database.db, request.tenant!.userId),
  )
  app.get(
    '/api/v2/stores/owned',
    { ...owner, schema: { response: { 200: array(StoreSummary) } } },
    async (request) => ownedStores(app.database.db, request.tenant!.userId, request.tenant!.role),
  )
}
