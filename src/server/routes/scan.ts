// Placeholder of the loyalty issue's foundation commit: the scan routes are added here.
import type { FastifyInstance } from 'fastify'

export default async function scanRoutes(_app: FastifyInstance) {}
