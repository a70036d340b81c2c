// SPEC §7 "Loyalty": the card and its offers, and the card's clients (the customers tab). Owners read;
// only a franchise owner changes the card or the offers (a store owner gets 403); admin staff may also
// read a franchise's card and change its type (the franchise panel).
import type { FastifyInstance } from 'fastify'
import { boolean, coerce, defaulted, nullable, object, optional, string, type } from 'superstruct'
import { ClientPage } from '../../domain/clients'
import { Id, IdParams } from '../../domain/ids'
import { absentAsEmpty } from '../../domain/input'
import {
  LoyaltyCardInput,
  LoyaltyModel,
  LoyaltyOffer,
  LoyaltyTypeInput,
  OfferInput,
  OfferList,
  OfferStatusInput,
} from '../../domain/loyalty'
import { GROUPS } from '../../domain/roles'
import { allow, type StructTypeProvider } from '../plugins/route-contract'
import { bound } from '../services/bound'
import { listParams } from '../services/client-accounts'
import * as loyalty from '../services/loyalty'
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

const OfferParams = object({ id: Id, offerId: Id })

export default async function loyaltyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const {
    cardClients,
    changeLoyaltyType,
    createCard,
    createOffer,
    getCard,
    listOffers,
    setOfferStatus,
    updateCard,
    updateOffer,
  } = bound(app, loyalty)
  const owner = allow('owner')
  const fullAccess = allow('fullAccess')
  const ownerOrAdmin = allow([...GROUPS.owner, ...GROUPS.admin])
  const fullAccessOrAdmin = allow([...GROUPS.fullAccess, ...GROUPS.admin])

  app.get(
    '/api/v2/franchises/:id/loyalty-model',
    { ...ownerOrAdmin, schema: { params: IdParams, response: { 200: nullable(LoyaltyModel) } } },
    async (request) => getCard(request.tenant!, request.params.id),
  )

  app.post(
    '/api/LoyaltyModels',
    { ...fullAccess, schema: { body: LoyaltyCardInput, response: { 201: LoyaltyModel } } },
    async (request, reply) => reply.status(201).send(await createCard(request.tenant!, request.body)),
  )

  app.put(
    '/api/v2/loyalty-models/:id',
    { ...fullAccess, schema: { params: IdParams, body: LoyaltyCardInput, response: { 200: LoyaltyModel } } },
    async (request) => updateCard(request.tenant!, request.params.id, request.body),
  )

  app.patch(
    '/api/v2/loyalties/:id/loyalty-type',
    {
      ...fullAccessOrAdmin,
      schema: { params: IdParams, body: absentAsEmpty(LoyaltyTypeInput), response: { 200: LoyaltyModel } },
    },
    async (request) => changeLoyaltyType(request.tenant!, request.params.id, request.body.loyaltyType),
  )

  app.get(
    '/api/v2/loyalties/offers',
    { ...owner, schema: { querystring: OffersQuery, response: { 200: OfferList } } },
    async (request) => listOffers(request.tenant!, request.query),
  )

  app.post(
    '/api/LoyaltyModels/:id/loyaltyOffers',
    { ...fullAccess, schema: { params: IdParams, body: OfferInput, response: { 201: LoyaltyOffer } } },
    async (request, reply) =>
      reply.status(201).send(await createOffer(request.tenant!, request.params.id, request.body)),
  )

  app.put(
    '/api/v2/loyalty-models/:id/offers/:offerId',
    { ...fullAccess, schema: { params: OfferParams, body: OfferInput, response: { 200: LoyaltyOffer } } },
    async (request) => {
      const { id, offerId } = request.params
      return updateOffer(request.tenant!, id, offerId, request.body)
    },
  )

  app.post(
    '/api/v2/loyalty-models/:id/offers/:offerId/status',
    {
      ...fullAccess,
      schema: { params: OfferParams, body: OfferStatusInput, response: { 200: LoyaltyOffer } },
    },
    async (request) => {
      const { id, offerId } = request.params
      return setOfferStatus(request.tenant!, id, offerId, request.body.status)
    },
  )

  // The customers tab: clients who visited one of the card's stores (a store owner: of its own).
  app.get(
    '/api/v2/loyalty-models/:id/clients',
    { ...owner, schema: { params: IdParams, querystring: ClientListQuery, response: { 200: ClientPage } } },
    async (request) => cardClients(request.tenant!, request.params.id, listParams(request.query)),
  )
}
