// The JSON body parser: Fastify's own (prototype-poisoning keys refused), after a scan that refuses a
// body nested deeper than MAX_JSON_DEPTH. A deeper value would overflow the stack of whatever walks it
// next (validation and its message), a 500 from input any client can send (issue 16 item 4).
import type { FastifyInstance } from 'fastify'
import { jsonDepthExceeds, MAX_JSON_DEPTH } from '../../domain/input'
import { badRequest } from '../errors'

export function registerJsonBodyParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body)
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH))
      return done(
        badRequest('VALIDATION_FAILED', `Invalid body: nested deeper than ${MAX_JSON_DEPTH} levels`, {
          field: 'body',
          in: 'body',
        }),
        undefined,
      )
    parseJson(request, text, done)
  })
}
