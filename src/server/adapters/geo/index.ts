// IP geolocation (SPEC §7: "GET an IP geolocation service (2 s time-out) reading languages; on failure a
// default France location"). The local default reads the browser's Accept-Language (nothing leaves
// the machine); with GEO_API_URL set, an ipapi-style JSON service is asked, and any failure or a reply
// slower than 2 s falls back to France.
import { ofetch } from 'ofetch'

export type IpLocation = {
  countryCode: string
  languages: string
  latitude: number
  longitude: number
  source: 'local' | 'http' | 'default'
}

export const GEO_TIMEOUT_MS = 2000
export const FRANCE: IpLocation = {
  countryCode: 'FR',
  languages: 'fr-FR,fr',
  latitude: 46.603354,
  longitude: 1.888334,
  source: 'default',
}

export type Geo = {
  kind: 'local' | 'http'
  locate(ip: string, acceptLanguage: string | undefined): Promise<IpLocation>
}

/** "en-US,en;q=0.9" → languages "en-US,en", country "US". */
function fromAcceptLanguage(header: string | undefined): IpLocation {
  const tags = (header ?? '')
    .split(',')
    .map((part) => part.split(';')[0]?.trim() ?? '')
    .filter((t) => /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/.test(t))
  if (!tags.length) return FRANCE
  const region = tags.map((t) => t.split('-')[1]).find((r) => r && /^[A-Za-z]{2}$/.test(r))
  return {
    ...FRANCE,
    countryCode: (region ?? 'FR').toUpperCase(),
    languages: tags.join(','),
    source: 'local',
  }
}

export function localGeo(): Geo {
  return { kind: 'local', locate: async (_ip, acceptLanguage) => fromAcceptLanguage(acceptLanguage) }
}

type IpApiReply = { country_code?: string; languages?: string; latitude?: number; longitude?: number }

export function httpGeo(baseUrl: string, timeoutMs = GEO_TIMEOUT_MS): Geo {
  return {
    kind: 'http',
    async locate(ip) {
      try {
        const r = await ofetch<IpApiReply>(`${baseUrl.replace(/\/$/, '')}/${encodeURIComponent(ip)}/json/`, {
          timeout: timeoutMs,
          retry: 0,
        })
        if (!r.country_code || !r.languages) return FRANCE
        return {
          countryCode: r.country_code.toUpperCase(),
          languages: r.languages,
          latitude: r.latitude ?? FRANCE.latitude,
          longitude: r.longitude ?? FRANCE.longitude,
          source: 'http',
        }
      } catch {
        return FRANCE
      }
    },
  }
}

export function createGeo(config: { url?: string | undefined }): Geo {
  return config.url ? httpGeo(config.url) : localGeo()
}
