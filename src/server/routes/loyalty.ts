// Placeholder of the loyalty issue's foundation commit: the loyalty routes are added here.
import type { FastifyInstance } from 'fastify'

export default async function loyaltyRoutes(_app: FastifyInstance) {}
