// The login form, filled the way a person does it (the e2e files and the front-end benchmark share it).
import type { Page } from 'playwright-core'

export async function signIn(page: Page, email: string, password = 'demo-password') {
  await page.goto('/login')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}
