// Where a payment sends the user back (issue 24 #2): to the address the app was opened on, so that
// the return is same-origin (the app's CSP has form-action 'self', and the session lives in that
// origin's storage). Only a trusted origin is ever used, never whatever Host a request claims (an open
// redirect): PUBLIC_URL's, its loopback aliases when it is a loopback address (localhost, 127.0.0.1
// and [::1] on the same port are one machine), and those listed in APP_ORIGINS.

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]']

/** A URL's origin, or null when it is not an http(s) URL. */
function originOf(url: string): string | null {
  try {
    const u = new URL(url)
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null
  } catch {
    return null
  }
}

export function trustedOrigins(publicUrl: string, appOrigins: readonly string[] = []): Set<string> {
  const trusted = new Set<string>()
  const own = originOf(publicUrl)
  if (own) {
    trusted.add(own)
    const u = new URL(own)
    if (LOOPBACK.includes(u.hostname))
      for (const host of LOOPBACK) trusted.add(`${u.protocol}//${host}${u.port ? `:${u.port}` : ''}`)
  }
  for (const o of appOrigins) {
    const origin = originOf(o)
    if (origin) trusted.add(origin)
  }
  return trusted
}

/**
 * The origin a request came on (its protocol and Host, as Fastify reads them with the configured
 * trustProxy) when it is trusted; PUBLIC_URL's origin otherwise.
 */
export function returnOrigin(
  config: { publicUrl: string; appOrigins?: readonly string[] | undefined },
  request: { protocol: string; host: string },
): string {
  const asked = originOf(`${request.protocol}://${request.host}`)
  const trusted = trustedOrigins(config.publicUrl, config.appOrigins)
  return asked && trusted.has(asked) ? asked : (originOf(config.publicUrl) ?? config.publicUrl)
}
