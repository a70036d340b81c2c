import type { FastifyInstance } from 'fastify'
import { HealthResponse, LiveResponse, NotReadyResponse, ReadyResponse } from '../../domain/health'
import { allow } from '../plugins/route-contract'
import { boundDatabase } from '../services/bound'
import * as health from '../services/health'

export default async function healthRoutes(app: FastifyInstance) {
  const { healthStatus, readiness } = boundDatabase(app, health)
  app.get('/api/health', { ...allow('public'), schema: { response: { 200: HealthResponse } } }, async () =>
    healthStatus(),
  )
  // Liveness: the process answers at all (a supervisor restarts it when this fails).
  app.get(
    '/api/health/live',
    { ...allow('public'), schema: { response: { 200: LiveResponse } } },
    async () => ({
      status: 'ok' as const,
    }),
  )
  // Readiness: the balancer's check (deploy/haproxy.cfg).
  app.get(
    '/api/health/ready',
    { ...allow('public'), schema: { response: { 200: ReadyResponse, 503: NotReadyResponse } } },
    async (_req, reply) => {
      const r = await readiness(app.lifecycle)
      return reply.code(r.ready ? 200 : 503).send(r.body)
    },
  )
}
