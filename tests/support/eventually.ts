/**
 * Asks until `check` holds, at most `ms`: for what another process sees a moment after a commit (a
 * notification travels on a connection of its own).
 */
export async function eventually(check: () => Promise<boolean>, ms = 5_000): Promise<boolean> {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (await check()) return true
    await new Promise((r) => setTimeout(r, 50))
  }
  return check()
}
