import type { FastifyInstance } from 'fastify'
import { allow } from '../plugins/route-contract'
import { healthStatus } from '../services/health'

export default async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', allow('public'), async () => healthStatus(app.database))
}
