// The login form, filled the way a person does it (the sign-in journeys and the front-end benchmark
// share it), and the login call alone, for the journeys that start signed in.
import type { Page } from 'playwright-core'

export async function signIn(page: Page, email: string, password = 'demo-password') {
  await page.goto('/login')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

/** The token the login call answers for `email` (what the form's sign-in stores in the browser). */
export async function loginToken(baseURL: string, email: string, password = 'demo-password') {
  const res = await fetch(new URL('/api/users/login', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (!res.ok) throw new Error(`Signing in ${email} failed: ${res.status} ${await res.text()}`)
  return (await res.json()) as { id: string; userId: string }
}
