// What a customer or a new merchant would receive: the e2e journeys that confirm a phone with a one-time
// code (scan page, landing page, gift wheel) take the code from the customer's phone (the e2e server's
// SMS provider). The sign-up journeys
// take their mailed link from the outbox the same way, through the staff's read of it.
import { expect } from 'vitest'
import { e2eServer } from './e2e-target'

/** A bearer token of `email` (demo password), for the merchant calls a journey reads from. */
export async function ownerToken(baseURL: string, email: string) {
  const login = await fetch(`${baseURL}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo-password' }),
  })
  return (await login.json()).id as string
}

/**
 * The newest 6-digit code sent by SMS to `phone` (E.164), read from the SMS provider of the e2e server
 * (tests/support/e2e-server.ts), which stands for the customer's phone: the merchant's Messages page
 * masks one-time codes (issue 34).
 */
export async function smsCode(phone: string): Promise<string> {
  const url = `${e2eServer().smsProviderURL}?to=${encodeURIComponent(phone)}`
  let code: string | undefined
  await expect
    .poll(
      async () => {
        const { data } = (await (await fetch(url)).json()) as { data: { text: string }[] }
        code = data.map((m) => /\b(\d{6})\b/.exec(m.text)?.[1]).find(Boolean)
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
