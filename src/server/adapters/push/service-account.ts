// A Google service account (FCM_SERVICE_ACCOUNT: the JSON key itself, or the path of its file) and the
// OAuth2 access tokens FCM takes, from google-auth-library's JWT client (a signed JWT assertion
// exchanged at the token endpoint, cached until it nears expiry). The library always posts to Google's
// token URL; the key's own `token_uri` is honoured by sending that request there instead (the same URL
// in every real key; a fake endpoint's in tests). The library (0.1 s of CPU to load) is loaded at the
// first push, not by every process that starts the adapters (a crash test starts its worker dozens of
// times).
import { readFileSync } from 'node:fs'
import type { JWT } from 'google-auth-library'
import { lazily } from '../../lazy'

export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging'
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token'

export type ServiceAccount = {
  project_id: string
  client_email: string
  private_key: string
  token_uri?: string
}

/** Reads the setting; a missing field is named (never the key's value). */
export function loadServiceAccount(setting: string): ServiceAccount {
  const text = setting.trim().startsWith('{') ? setting : readFileSync(setting, 'utf8')
  let json: Partial<ServiceAccount>
  try {
    json = JSON.parse(text) as Partial<ServiceAccount>
  } catch {
    throw new Error('FCM_SERVICE_ACCOUNT is not a service account JSON key (or the path of one)')
  }
  for (const field of ['project_id', 'client_email', 'private_key'] as const)
    if (typeof json[field] !== 'string' || !json[field])
      throw new Error(`FCM_SERVICE_ACCOUNT has no ${field}`)
  return json as ServiceAccount
}

const googleAuth = lazily(() => import('google-auth-library'))

/** A JWT client for the account; each one keeps its own cached access token. */
export async function accessTokenClient(account: ServiceAccount): Promise<JWT> {
  const { JWT } = await googleAuth()
  const client = new JWT({ email: account.client_email, key: account.private_key, scopes: [FCM_SCOPE] })
  const tokenUri = account.token_uri
  if (tokenUri && tokenUri !== GOOGLE_TOKEN_URL)
    client.transporter.interceptors.request.add({
      resolved: async (options) => {
        if (String(options.url) === GOOGLE_TOKEN_URL) options.url = new URL(tokenUri)
        return options
      },
    })
  return client
}
