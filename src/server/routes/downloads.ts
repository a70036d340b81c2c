// POST /api/v2/downloads (issue 34): a one-use, one-minute ticket for the caller's next download, so
// that the browser's links never carry the access token (src/domain/downloads.ts).
import type { FastifyInstance } from 'fastify'
import { DownloadTicket } from '../../domain/downloads'
import { allow, type StructTypeProvider } from '../plugins/route-contract'
import { bound } from '../services/bound'
import * as downloads from '../services/downloads'

export default async function downloadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const { issueDownloadTicket } = bound(app, downloads)
  app.post(
    '/api/v2/downloads',
    { ...allow('signedIn', { authNeutral: true }), schema: { response: { 200: DownloadTicket } } },
    async (request) => {
      const { ticket, expiresAt } = await issueDownloadTicket(request.principal!.tokenHash)
      return { ticket, expiresAt: expiresAt.toISOString() }
    },
  )
}
