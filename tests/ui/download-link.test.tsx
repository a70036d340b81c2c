// A download link (issue 34) driven like a user: a click asks a one-use ticket and opens the address
// with it (no access token anywhere); a failed ticket says so in the page's language and a
// second click tries again.
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { fromPromise } from 'xstate'
import { downloadMachine } from '../../machines/download'
import { DownloadLink } from '../../src/ui/DownloadLink'
import { renderUi } from './render'

const HREF = '/api/v2/franchises/f1/crm-clients/export.csv?search=Zo%C3%A9'

function flow(failures: number) {
  let left = failures
  let n = 0
  const ticket = vi.fn(async () => {
    if (left-- > 0) throw new Error('offline')
    return { ticket: `one-use-${++n}`, expiresAt: '2026-11-28T10:01:00Z' }
  })
  const opened: string[] = []
  const machine = downloadMachine.provide({
    actors: { downloadTicket: fromPromise(ticket) },
    actions: { open: (_, p: { url: string }) => opened.push(p.url) },
  })
  return { machine, ticket, opened }
}

describe.each([
  ['en', 'Export CSV', /The download could not start/],
  ['fr', 'Exporter en CSV', /Le téléchargement n’a pas pu commencer/],
] as const)('download link in %s', (locale, label, failed) => {
  it('opens the address with a fresh ticket on each click, never the token', async () => {
    const { machine, ticket, opened } = flow(0)
    const { user } = renderUi(
      <DownloadLink href={HREF} machine={machine}>
        {label}
      </DownloadLink>,
      { locale },
    )
    const link = screen.getByRole('link', { name: label })
    expect(link.getAttribute('href')).toBe(HREF)
    await user.click(link)
    await waitFor(() => expect(opened).toHaveLength(1))
    expect(opened[0]).toBe(`${HREF}&download=one-use-1`)
    expect(opened[0]).not.toContain('access_token')
    expect(screen.queryByRole('alert')).toBeNull()
    await user.click(link)
    await waitFor(() => expect(opened).toHaveLength(2))
    expect(opened[1]).toBe(`${HREF}&download=one-use-2`)
    expect(ticket).toHaveBeenCalledTimes(2)
  })

  it('says when the ticket could not be had, and a second click retries', async () => {
    const { machine, ticket, opened } = flow(1)
    const { user } = renderUi(
      <DownloadLink href={HREF} machine={machine}>
        {label}
      </DownloadLink>,
      { locale },
    )
    await user.click(screen.getByRole('link', { name: label }))
    expect(await screen.findByRole('alert')).toHaveTextContent(failed)
    expect(opened).toEqual([])
    await user.click(screen.getByRole('link', { name: label }))
    await waitFor(() => expect(opened).toHaveLength(1))
    expect(ticket).toHaveBeenCalledTimes(2)
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
