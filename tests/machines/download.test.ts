// A download link's flow (issue 34): a ticket for the link's path, then its address with the ticket;
// never the access token. Every path is replayed and checked for what it must have opened.
import { describe, expect, it } from 'vitest'
import { downloadMachine, toDownloadView } from '../../machines/download'
import {
  type Calls,
  checkEachPath,
  expectEveryStateReached,
  generatePaths,
  recordingActors,
  replay,
} from '../support/model'

const HREF = '/api/v2/exports/clients?sort=points&filter=a%26b'
const events = [
  { type: 'download.start', href: HREF },
  { type: 'download.retry' },
  {
    type: 'xstate.done.actor.downloadTicket',
    output: { ticket: 'T1', expiresAt: '2026-11-28T10:01:00Z' },
  },
  { type: 'xstate.error.actor.downloadTicket', error: new Error('offline') },
]

function run(steps: Parameters<typeof replay>[1]) {
  const calls: Calls = []
  const opened: string[] = []
  const machine = downloadMachine.provide({
    actors: recordingActors(['downloadTicket'], calls) as never,
    actions: { open: (_, p: { url: string }) => opened.push(p.url) },
  })
  const snapshot = replay(machine, steps)
  return { snapshot, view: toDownloadView(snapshot), calls, opened }
}

describe('download machine', () => {
  const paths = generatePaths(downloadMachine, events)

  it('reaches every state', () => {
    expectEveryStateReached(downloadMachine, paths)
  })

  it('asks a ticket on each start or retry and opens the address with it, on every path', () => {
    expect(paths.length).toBeGreaterThanOrEqual(3)
    checkEachPath(paths, (path, events) => {
      const { view, calls, opened } = run(path.steps)
      const asked = events.filter((e) => ['download.start', 'download.retry'].includes(e.type))
      // A ticket is asked only on a start or a retry, and every opened address spent one.
      expect(calls.length).toBeLessThanOrEqual(asked.length)
      const done = events.filter((e) => e.type === 'xstate.done.actor.downloadTicket')
      expect(opened).toEqual(done.map(() => `${HREF}&download=T1`))
      expect(calls.length).toBeGreaterThanOrEqual(opened.length)
      for (const url of opened) expect(url).not.toContain('access_token')
      const last = events.at(-1)
      switch (last?.type) {
        case undefined:
        case 'xstate.done.actor.downloadTicket':
          expect(view).toEqual({ isBusy: false, isFailed: false, canRetry: false })
          break
        case 'download.start':
        case 'download.retry':
          expect(view).toEqual({ isBusy: true, isFailed: false, canRetry: false })
          expect(calls.length).toBe(asked.length)
          break
        case 'xstate.error.actor.downloadTicket':
          expect(view).toEqual({ isBusy: false, isFailed: true, canRetry: true })
          break
        default:
          throw new Error(`no expectation for ${last?.type}`)
      }
    })
  })
})
