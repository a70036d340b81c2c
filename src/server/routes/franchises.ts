// SPEC §7 "Franchises" / "Stores": what the signed-in merchant owns.
import type { FastifyInstance } from 'fastify'
import { array } from 'superstruct'
import { FranchiseSummary, StoreSummary } from '../../domain/franchise'
import { allow } from '../plugins/route-contract'
import { bound } from '../services/bound'
import * as franchises from '../services/franchises'

export default async function franchiseRoutes(app: FastifyInstance) {
  const { ownedFranchises, ownedStores } = bound(app, franchises)
  const owner = allow('owner')
  app.get(
    '/api/v2/franchises/owned',
    { ...owner, schema: { response: { 200: array(FranchiseSummary) } } },
    async (request) => ownedFranchises(request.tenant!.userId),
  )
  app.get(
    '/api/v2/stores/owned',
    { ...owner, schema: { response: { 200: array(StoreSummary) } } },
    async (request) => ownedStores(request.tenant!.userId, request.tenant!.role),
  )
}
