// Log settings: tokens and passwords never reach a log line. Request URLs carry the token as a
// query parameter (SPEC §7), so the URL itself is scrubbed before it is logged.
import type { FastifyServerOptions } from 'fastify'

const SECRET_PARAMS = /([?&](?:access_token|token|password)=)[^&#]*/gi

export function scrubUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[REDACTED]')
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.query.access_token',
        'req.query.token',
        '*.password',
        '*.newPassword',
        '*.token',
        '*.access_token',
        'body.password',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req(request) {
        return {
          method: request.method,
          url: scrubUrl(request.url),
          remoteAddress: request.ip,
        }
      },
    },
  }
}
