import type { FastifyInstance } from 'fastify'
import { HealthResponse } from '../../domain/health'
import { allow } from '../plugins/route-contract'
import { boundDatabase } from '../services/bound'
import * as health from '../services/health'

export default async function healthRoutes(app: FastifyInstance) {
  const { healthStatus } = boundDatabase(app, health)
  app.get('/api/health', { ...allow('public'), schema: { response: { 200: HealthResponse } } }, async () =>
    healthStatus(),
  )
}
