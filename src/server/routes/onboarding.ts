// GET /api/v2/onboarding (issue 34 item 4): a franchise owner's first steps, done or not, for the
// dashboard's "Getting started" checklist. Another franchise's id is a 404.
import type { FastifyInstance } from 'fastify'
import { OnboardingQuery, OnboardingStatus } from '../../domain/onboarding'
import { allow, type StructTypeProvider } from '../plugins/route-contract'
import { bound } from '../services/bound'
import * as onboarding from '../services/onboarding'

export default async function onboardingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const { onboardingStatus } = bound(app, onboarding)
  app.get(
    '/api/v2/onboarding',
    { ...allow('fullAccess'), schema: { querystring: OnboardingQuery, response: { 200: OnboardingStatus } } },
    async (request) => onboardingStatus(request.tenant!, request.query),
  )
}
