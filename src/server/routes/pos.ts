// Placeholder of the loyalty issue's foundation commit: the pos routes are added here.
import type { FastifyInstance } from 'fastify'

export default async function posRoutes(_app: FastifyInstance) {}
