// Security headers on every reply. The CSP is the one the built front end satisfies: bundled scripts
// only, inline styles (set by React and the charts), images from here, data: and blob: (uploads,
// QR codes), a blob: worker for the QR scanner. Uploaded images come from here (/files/…) or, with S3
// storage, from the bucket's public origin, which is added to img-src.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'
import { storageOrigin } from '../adapters/storage'
import type { Config } from '../config'

export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
}

/** The policy for a configuration: the base one, plus the storage's public origin for images. */
export function contentSecurityPolicyFor(config: Config | undefined) {
  const origin = config ? storageOrigin(config.adapters.storage) : null
  if (!origin) return contentSecurityPolicy
  return { ...contentSecurityPolicy, imgSrc: [...contentSecurityPolicy.imgSrc, origin] }
}

/**
 * The headers helmet sets for these options, computed once: helmet builds its middleware, parsing
 * every directive, on each call, and @fastify/helmet calls it on every request (measured: ~4% of the
 * server's CPU on a points move). The values are helmet's own.
 */
export function securityHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = []
  const res = {
    setHeader: (name: string, value: string) => headers.push([name, value]),
    removeHeader: () => {},
  }
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => {})
  return headers
}

export default fp(
  async (app: FastifyInstance, opts: { config?: Config }) => {
    const headers = securityHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyFor(opts.config) },
      referrerPolicy: { policy: 'no-referrer' },
      crossOriginEmbedderPolicy: false,
      // Served over plain HTTP on localhost too; a TLS-terminating proxy adds HSTS in production.
      strictTransportSecurity: false,
    })
    // On the raw response, as helmet does: every answer has them, errors and 404s included.
    app.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value)
      done()
    })
  },
  { name: 'security' },
)
