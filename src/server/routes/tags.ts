// Placeholder of the loyalty issue's foundation commit: the tags routes are added here.
import type { FastifyInstance } from 'fastify'

export default async function tagsRoutes(_app: FastifyInstance) {}
