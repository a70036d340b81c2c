// The SMS a customer would receive, read as the merchant reads it (the Messages page's call on the
// offline outbox): the e2e journeys that confirm a phone with a one-time code (scan page, landing page,
// gift wheel) take the code from here, as the customer would from their phone. The sign-up journeys
// take their mailed link from the outbox the same way, through the staff's read of it.
import { expect } from 'vitest'

/** A bearer token of `email` (demo password), for the merchant calls a journey reads from. */
export async function ownerToken(baseURL: string, email: string) {
  const login = await fetch(`${baseURL}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo-password' }),
  })
  return (await login.json()).id as string
}

/** The newest 6-digit code sent by SMS to `phone` (E.164) by the franchise `ownerEmail` owns. */
export async function smsCode(baseURL: string, ownerEmail: string, phone: string): Promise<string> {
  const headers = { authorization: `Bearer ${await ownerToken(baseURL, ownerEmail)}` }
  const stores = (await (await fetch(`${baseURL}/api/v2/stores/owned`, { headers })).json()) as {
    franchiseId: string
  }[]
  const url = `${baseURL}/api/v2/franchises/${stores[0]!.franchiseId}/messages?channel=sms&search=${encodeURIComponent(phone)}`
  let code: string | undefined
  await expect
    .poll(
      async () => {
        const page = (await (await fetch(url, { headers })).json()) as {
          data: { body: string; createdAt: string }[]
        }
        const newest = [...page.data]
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
          .find((m) => /\b\d{6}\b/.test(m.body))
        code = newest ? /\b(\d{6})\b/.exec(newest.body)![1] : undefined
        return code
      },
      { timeout: 15_000 },
    )
    .toBeDefined()
  return code!
}

/**
 * The newest sign-up link mailed to `email` (issue 34), read as staff read the offline outbox
 * (GET /api/v2/admin/mail): the person signing up would find it in their inbox.
 */
export async function signUpLink(baseURL: string, email: string): Promise<string> {
  const headers = { authorization: `Bearer ${await ownerToken(baseURL, 'admin@demo.test')}` }
  const url = `${baseURL}/api/v2/admin/mail?recipient=${encodeURIComponent(email)}`
  let link: string | undefined
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(url, { headers })).json()) as { body: string }[]
        link = mails
          .map((m) => /https?:\/\/\S+\/register\/confirm\?token=\S+/.exec(m.body)?.[0])
          .find(Boolean)
        return link
      },
      { timeout: 15_000 },
    )
    .toBeDefined()
  return link!
}
