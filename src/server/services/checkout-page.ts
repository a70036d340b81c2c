// The local checkout page: a plain server-rendered form (no script), the offline stand-in for the
// payment provider's hosted page.
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { checkoutSessions, users } from '../db/schema'
import { notFound } from '../errors'

/** GET /checkout/{id}: the page of one checkout session (a 404 for an unknown id). */
export async function checkoutPage(db: Db, id: string): Promise<string> {
  const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id))
  if (!session) throw notFound('CHECKOUT_NOT_FOUND', 'This checkout does not exist')
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, session.userId))
  return renderCheckoutPage(session, user?.email ?? '')
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function renderCheckoutPage(session: typeof checkoutSessions.$inferSelect, email: string): string {
  const amount = new Intl.NumberFormat('en', { style: 'currency', currency: session.currencyCode }).format(
    session.amountCents / 100,
  )
  const paid = session.status === 'PAID'
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Checkout — Loyalty Pro</title><link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>body{font-family:system-ui,sans-serif;background:#f1f5f9;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px #0002;padding:32px;max-width:420px;width:100%}
h1{font-size:1.4rem;margin:0 0 8px}.amount{font-size:2rem;font-weight:700;margin:16px 0}
button,a.btn{display:inline-block;background:#1e3a8a;color:#fff;border:0;border-radius:8px;padding:12px 20px;font-size:1rem;cursor:pointer;text-decoration:none}
.muted{color:#475569;font-size:.9rem}</style></head><body><main>
<h1>Loyalty Pro subscription</h1>
<p class="muted">Account: ${escapeHtml(email)}</p>
<p class="amount">${escapeHtml(amount)} <span class="muted">/ month</span></p>
${
  paid
    ? `<p role="status">This subscription is paid.</p><a class="btn" href="/">Back to the app</a>`
    : `<form method="post" action="/checkout/${escapeHtml(session.id)}/pay"><button type="submit">Pay ${escapeHtml(amount)}</button></form>
<p class="muted">Local checkout: no card is charged. A payment provider replaces this page in production.</p>`
}
</main></body></html>`
}
