import type { FastifyInstance } from 'fastify'
import { healthStatus } from '../services/health'

export default async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', async () => healthStatus(app.database))
}
