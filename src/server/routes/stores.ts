// SPEC §7 "Stores" (and the two franchise store lists, and the near-cities geocoder): parse with the
// domain schemas, call the stores service, reply. GET api/v2/stores/owned stays in routes/franchises.ts.
import type { FastifyInstance } from 'fastify'
import { coerce, max, min, number, object, string, type } from 'superstruct'
import { NewStoreInput } from '../../domain/first-store'
import { Id } from '../../domain/ids'
import { GROUPS } from '../../domain/roles'
import { NEAR_CITIES_MAX_KM, StoreInput, StoreSettingsInput } from '../../domain/stores'
import { parse } from '../errors'
import { allow } from '../plugins/route-contract'
import { nearCities } from '../services/geo'
import {
  createStore,
  deleteStore,
  franchiseStores,
  getStore,
  updateSettings,
  updateStore,
  userFranchiseStores,
} from '../services/stores'

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

export default async function storeRoutes(app: FastifyInstance) {
  const db = () => app.database.db
  const owner = allow('owner')
  const fullAccess = allow('fullAccess')
  const ownerOrAdmin = allow([...GROUPS.owner, ...GROUPS.admin])
  const params = (value: unknown) => parse(object({ id: Id }), value, 'params')

  // A REGISTERED merchant may create its franchise's first store (see createStore on §4).
  app.post('/api/v2/stores', allow(['FRANCHISE_OWNER', 'REGISTERED']), async (request, reply) => {
    const input = parse(NewStoreInput, request.body)
    const p = request.principal!
    const { store } = await createStore(db(), { user: p.user, role: p.role, scope: p.scope }, input)
    return reply.status(201).send(store)
  })

  app.get('/api/Stores/:id', owner, async (request) =>
    getStore(db(), request.tenant!, params(request.params).id),
  )

  app.put('/api/v2/stores/:id', owner, async (request) => {
    const { id } = params(request.params)
    const input = parse(StoreInput, request.body)
    return updateStore(db(), request.tenant!, id, input)
  })

  app.delete('/api/stores/:id', fullAccess, async (request, reply) => {
    await deleteStore(db(), request.tenant!, params(request.params).id)
    return reply.status(204).send()
  })

  app.patch('/api/v2/stores/:id/settings', ownerOrAdmin, async (request) => {
    const { id } = params(request.params)
    const input = parse(StoreSettingsInput, request.body ?? {})
    return updateSettings(db(), request.tenant!, id, input)
  })

  app.get('/api/v2/franchises/:id/stores/list', ownerOrAdmin, async (request) =>
    franchiseStores(db(), request.tenant!, params(request.params).id),
  )

  app.get('/api/v2/users/:id/franchises/stores', ownerOrAdmin, async (request) =>
    userFranchiseStores(db(), request.tenant!, params(request.params).id),
  )

  app.get('/services/v2/geocode/near-cities', ownerOrAdmin, async (request) => {
    const q = parse(NearCitiesQuery, request.query, 'query')
    return nearCities(q.lat, q.lng, q.distance)
  })
}
