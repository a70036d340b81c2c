import type { FastifyInstance } from 'fastify'
import { HealthResponse } from '../../domain/health'
import { allow } from '../plugins/route-contract'
import { healthStatus } from '../services/health'

export default async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', { ...allow('public'), schema: { response: { 200: HealthResponse } } }, async () =>
    healthStatus(app.database),
  )
}
