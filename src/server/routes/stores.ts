// SPEC §7 "Stores" (and the two franchise store lists, and the near-cities geocoder): the route
// contract validates the input with the domain structs; call the stores service, reply.
// GET api/v2/stores/owned stays in routes/franchises.ts.
import type { FastifyInstance } from 'fastify'
import { array, coerce, defaulted, max, min, number, string, type } from 'superstruct'
import { NewStoreInput } from '../../domain/first-store'
import { StoreSummary } from '../../domain/franchise'
import { IdParams } from '../../domain/ids'
import { GROUPS } from '../../domain/roles'
import {
  FranchiseWithStores,
  NEAR_CITIES_MAX_KM,
  NearCity,
  Store,
  StoreInput,
  StoreSettingsInput,
} from '../../domain/stores'
import { allow, NoContent, type StructTypeProvider } from '../plugins/route-contract'
import { bound } from '../services/bound'
import { nearCities } from '../services/geo'
import * as stores from '../services/stores'

const num = (lo: number, hi: number) =>
  coerce(min(max(number(), hi), lo), string(), (v) => (v.trim() === '' ? Number.NaN : Number(v)))
const NearCitiesQuery = type({
  lat: num(-90, 90),
  lng: num(-180, 180),
  // 0 < distance ≤ 200 km: `min(…, 0, { exclusive: true })`.
  distance: coerce(min(max(number(), NEAR_CITIES_MAX_KM), 0, { exclusive: true }), string(), (v) =>
    v.trim() === '' ? Number.NaN : Number(v),
  ),
})

export default async function storeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const {
    createStore,
    deleteStore,
    franchiseStores,
    getStore,
    updateSettings,
    updateStore,
    userFranchiseStores,
  } = bound(app, stores)
  const owner = allow('owner')
  const fullAccess = allow('fullAccess')
  const ownerOrAdmin = allow([...GROUPS.owner, ...GROUPS.admin])

  // A REGISTERED merchant may create its franchise's first store (see createStore on §4).
  app.post(
    '/api/v2/stores',
    {
      ...allow(['FRANCHISE_OWNER', 'REGISTERED']),
      schema: { body: NewStoreInput, response: { 201: Store } },
    },
    async (request, reply) => {
      const p = request.principal!
      const { store } = await createStore(
        { user: p.user, role: p.role, scope: request.tenant! },
        request.body,
      )
      return reply.status(201).send(store)
    },
  )

  app.get(
    '/api/Stores/:id',
    { ...owner, schema: { params: IdParams, response: { 200: Store } } },
    async (request) => getStore(request.tenant!, request.params.id),
  )

  app.put(
    '/api/v2/stores/:id',
    { ...owner, schema: { params: IdParams, body: StoreInput, response: { 200: Store } } },
    async (request) => updateStore(request.tenant!, request.params.id, request.body),
  )

  app.delete(
    '/api/stores/:id',
    { ...fullAccess, schema: { params: IdParams, response: { 204: NoContent } } },
    async (request, reply) => {
      await deleteStore(request.tenant!, request.params.id)
      return reply.status(204).send()
    },
  )

  // No body reads as no change (`{}`).
  app.patch(
    '/api/v2/stores/:id/settings',
    {
      ...ownerOrAdmin,
      schema: { params: IdParams, body: defaulted(StoreSettingsInput, {}), response: { 200: Store } },
    },
    async (request) => updateSettings(request.tenant!, request.params.id, request.body),
  )

  app.get(
    '/api/v2/franchises/:id/stores/list',
    { ...ownerOrAdmin, schema: { params: IdParams, response: { 200: array(StoreSummary) } } },
    async (request) => franchiseStores(request.tenant!, request.params.id),
  )

  app.get(
    '/api/v2/users/:id/franchises/stores',
    { ...ownerOrAdmin, schema: { params: IdParams, response: { 200: array(FranchiseWithStores) } } },
    async (request) => userFranchiseStores(request.tenant!, request.params.id),
  )

  app.get(
    '/services/v2/geocode/near-cities',
    { ...ownerOrAdmin, schema: { querystring: NearCitiesQuery, response: { 200: array(NearCity) } } },
    async (request) => nearCities(request.query.lat, request.query.lng, request.query.distance),
  )
}
