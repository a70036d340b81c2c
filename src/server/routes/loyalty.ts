// SPEC §7 "Loyalty": the card and its offers, and the card's clients (the customers tab). Owners read;
// only a franchise owner changes the card or the offers (a store owner gets 403); admin staff may also
// read a franchise's card and change its type (the franchise panel).
import type { FastifyInstance } from 'fastify'
import { boolean, coerce, defaulted, object, optional, string, type } from 'superstruct'
import { Id } from '../../domain/ids'
import { LoyaltyCardInput, LoyaltyTypeInput, OfferInput, OfferStatusInput } from '../../domain/loyalty'
import { GROUPS } from '../../domain/roles'
import { parse } from '../errors'
import { allow } from '../plugins/route-contract'
import {
  cardClients,
  changeLoyaltyType,
  createCard,
  createOffer,
  getCard,
  listOffers,
  setOfferStatus,
  updateCard,
  updateOffer,
} from '../services/loyalty'
import { ClientListQuery } from './client-list-query'

const flag = defaulted(
  coerce(boolean(), string(), (v) => v === 'true' || v === '1'),
  false,
)
const OffersQuery = type({
  includeArchived: flag,
  includeRedeemedCount: flag,
  storeId: optional(Id),
  franchiseId: optional(Id),
})

export default async function loyaltyRoutes(app: FastifyInstance) {
  const db = () => app.database.db
  const owner = allow('owner')
  const fullAccess = allow('fullAccess')
  const ownerOrAdmin = allow([...GROUPS.owner, ...GROUPS.admin])
  const fullAccessOrAdmin = allow([...GROUPS.fullAccess, ...GROUPS.admin])
  const idParams = (value: unknown) => parse(object({ id: Id }), value, 'params')
  const offerParams = (value: unknown) => parse(object({ id: Id, offerId: Id }), value, 'params')

  app.get('/api/v2/franchises/:id/loyalty-model', ownerOrAdmin, async (request) => {
    return getCard(db(), request.tenant!, idParams(request.params).id)
  })

  app.post('/api/LoyaltyModels', fullAccess, async (request, reply) => {
    const input = parse(LoyaltyCardInput, request.body)
    return reply.status(201).send(await createCard(db(), request.tenant!, input))
  })

  app.put('/api/v2/loyalty-models/:id', fullAccess, async (request) => {
    const { id } = idParams(request.params)
    const input = parse(LoyaltyCardInput, request.body)
    return updateCard(db(), request.tenant!, id, input)
  })

  app.patch('/api/v2/loyalties/:id/loyalty-type', fullAccessOrAdmin, async (request) => {
    const { id } = idParams(request.params)
    const input = parse(LoyaltyTypeInput, request.body ?? {})
    return changeLoyaltyType(db(), request.tenant!, id, input.loyaltyType)
  })

  app.get('/api/v2/loyalties/offers', owner, async (request) => {
    const q = parse(OffersQuery, request.query, 'query')
    return listOffers(db(), request.tenant!, q)
  })

  app.post('/api/LoyaltyModels/:id/loyaltyOffers', fullAccess, async (request, reply) => {
    const { id } = idParams(request.params)
    const input = parse(OfferInput, request.body)
    return reply.status(201).send(await createOffer(db(), request.tenant!, id, input))
  })

  app.put('/api/v2/loyalty-models/:id/offers/:offerId', fullAccess, async (request) => {
    const { id, offerId } = offerParams(request.params)
    const input = parse(OfferInput, request.body)
    return updateOffer(db(), request.tenant!, id, offerId, input)
  })

  app.post('/api/v2/loyalty-models/:id/offers/:offerId/status', fullAccess, async (request) => {
    const { id, offerId } = offerParams(request.params)
    const { status } = parse(OfferStatusInput, request.body)
    return setOfferStatus(db(), request.tenant!, id, offerId, status)
  })

  // The customers tab: clients who visited one of the card's stores (a store owner: of its own).
  app.get('/api/v2/loyalty-models/:id/clients', owner, async (request) => {
    const { id } = idParams(request.params)
    const q = parse(ClientListQuery, request.query, 'query')
    return cardClients(db(), request.tenant!, id, {
      page: q.page,
      size: q.size,
      sort: q.sort,
      order: q.order,
      search: q.filter,
      acquiredFrom: q.acquiredFrom,
      clientTypes: q.clientType,
    })
  })
}
