// Serves the built front end. Unknown GET paths that a browser navigates to get index.html (the
// back-office) or public.html (the customers' pages, src/domain/access.ts PUBLIC_PAGES) so that
// client-side routes work on reload; anything else unknown is a JSON 404.
import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { isPublicPage } from '../../domain/access'

// Paths owned by the API (SPEC §7): never answered with the app's HTML.
const apiPrefixes = [
  '/api/',
  '/services/',
  '/stripe/',
  '/aws/',
  '/pos-merchant-accounts',
  '/orders/',
  '/providers/',
  '/tags/uid/',
]

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? ''

function wantsHtml(request: FastifyRequest) {
  const url = pathOf(request)
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !apiPrefixes.some((p) => url.startsWith(p)) &&
    (request.headers.accept ?? '').includes('text/html')
  )
}

export default fp(
  async (app: FastifyInstance, opts: { staticDir: string | undefined }) => {
    const root = opts.staticDir
    const hasApp = !!root && existsSync(path.join(root, 'index.html'))
    const hasPublic = !!root && existsSync(path.join(root, 'public.html'))
    if (hasApp) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        // The build writes .br and .gz next to each text file (vite.config.ts): picked by Accept-Encoding,
        // with Vary: Accept-Encoding, the HTML fallbacks (sendFile) included.
        preCompressed: true,
        setHeaders(res, filePath) {
          // Vite's hashed assets never change; index.html always must be revalidated.
          res.header(
            'cache-control',
            filePath.includes(`${path.sep}assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
          )
        },
      })
    }
    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      if (hasApp && wantsHtml(request))
        return reply
          .type('text/html')
          .sendFile(hasPublic && isPublicPage(pathOf(request)) ? 'public.html' : 'index.html')
      return reply.status(404).send({
        statusCode: 404,
        code: 'ROUTE_NOT_FOUND',
        message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
      })
    })
  },
  { name: 'static' },
)
