import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, waitFor } from 'xstate'
import { pickStore, sessionMachine, toSessionView } from '../../machines/session'
import { loadAccount, watchUnauthorized } from '../../machines/session/session.actors'
import { accessForSession } from '../../machines/session/session.machine'
import { authApi } from '../../src/api/auth'
import { writeKey } from '../../src/api/storage'
import { ALL_STORES } from '../../src/domain/franchise'
import { fakeFetch } from '../support/fetch-fake'
import { account } from '../support/fixtures'
import {
  type Calls,
  checkEachPath,
  expectEveryStateReached,
  generatePaths,
  recordingActors,
  replay,
} from '../support/model'

const input = { hasToken: true, location: { path: '/', search: '' }, startPage: null, currentStoreId: null }
const events = [
  { type: 'xstate.done.actor.startup', output: { kind: 'signedIn', account: account('owner') } },
  { type: 'xstate.done.actor.startup', output: { kind: 'signedOut' } },
  {
    type: 'xstate.done.actor.startup',
    output: { kind: 'payment', account: account('unpaid'), url: 'http://x/pay' },
  },
  { type: 'xstate.done.actor.login', output: { kind: 'signedIn', account: account('admin') } },
  { type: 'xstate.done.actor.login', output: { kind: 'payment', account: account('unpaid'), url: null } },
  { type: 'xstate.done.actor.revokeSession' },
  { type: 'session.logout' },
  { type: 'session.expired' },
  { type: 'session.storeChange', storeId: '22222222-2222-4222-8222-000000000002' },
  { type: 'session.storeChange', storeId: ALL_STORES },
  { type: 'session.administration' },
  { type: 'session.restart' },
  { type: 'session.reloadStores' },
  { type: 'xstate.done.actor.reloadAccount', output: account('owner') },
]

function harness(calls: Calls, effects: string[], navigations: string[]) {
  return sessionMachine.provide({
    actors: {
      ...(recordingActors(['startup', 'login', 'revokeSession', 'reloadAccount'], calls) as object),
      access: accessForSession.provide({
        actions: { navigate: (_, p: { to: string }) => navigations.push(p.to) },
      }),
    } as never,
    actions: {
      forgetSession: () => effects.push('forgetSession'),
      saveCurrentStore: (_, p: { storeId: string | null }) => effects.push(`saveCurrentStore:${p.storeId}`),
      leaveImpersonation: () => effects.push('leaveImpersonation'),
      loadPage: (_, p: { url: string }) => effects.push(`loadPage:${p.url}`),
      prefetchStartPage: (_, p: { path: string }) => effects.push(`prefetch:${p.path}`),
    },
  })
}

describe('session machine', () => {
  const paths = generatePaths(sessionMachine, events, input)

  it('reaches every state', () => {
    expectEveryStateReached(sessionMachine, paths)
  })

  it('replays every path; signing out always forgets the stored session', () => {
    checkEachPath(paths, (path, events) => {
      const calls: Calls = []
      const effects: string[] = []
      const navigations: string[] = []
      const view = toSessionView(replay(harness(calls, effects, navigations), path.steps, input))
      expect(calls[0]?.actor).toBe('startup')
      const last = events.at(-1)
      switch (last?.type) {
        case undefined:
          // Resuming a stored session: starting, nobody known yet.
          expect(view).toMatchObject({ isStarting: true, user: null })
          expect(calls).toEqual([{ actor: 'startup', input: { hasToken: true } }])
          break
        case 'xstate.done.actor.startup':
        case 'xstate.done.actor.login':
          if (last.output.kind === 'signedIn') {
            expect(view).toMatchObject({ isSignedIn: true, user: { id: last.output.account.info.id } })
          } else if (last.output.kind === 'payment') {
            expect(view.isPaymentRequired).toBe(true)
            if (last.output.url) expect(effects.at(-1)).toBe(`loadPage:${last.output.url}`)
            else expect(navigations.at(-1)).toBe('/pages/auth/forbidden')
          } else {
            // Signed out: the stored session is forgotten and the login flow runs.
            expect(view).toMatchObject({ isSignedIn: false, user: null })
            expect(effects.at(-1)).toBe('forgetSession')
            expect(calls.at(-1)?.actor).toBe('login')
          }
          break
        case 'session.logout':
        case 'session.expired':
          expect(view).toMatchObject({ isSigningOut: true, user: null })
          expect(navigations.at(-1)).toBe('/login')
          expect(calls.at(-1)?.actor).toBe('revokeSession')
          if (last.type === 'session.expired') expect(view.notice).toBe('session.expired')
          break
        case 'xstate.done.actor.revokeSession':
          expect(view).toMatchObject({ isSignedIn: false, user: null })
          expect(effects).toContain('forgetSession')
          expect(calls.at(-1)?.actor).toBe('login')
          break
        case 'session.storeChange':
          expect(effects.at(-1)).toBe(`saveCurrentStore:${last.storeId}`)
          expect(view.storeChoice).toBe(last.storeId)
          break
        case 'session.administration':
          expect(effects.at(-1)).toBe('leaveImpersonation')
          expect(navigations.at(-1)).toBe('/pages/admin/dashboard')
          break
        case 'session.restart':
          expect(view.isStarting).toBe(true)
          expect(calls.at(-1)).toEqual({ actor: 'startup', input: { hasToken: true } })
          break
        case 'session.reloadStores':
          expect(view.isSignedIn).toBe(true)
          expect(calls.at(-1)?.actor).toBe('reloadAccount')
          break
        case 'xstate.done.actor.reloadAccount':
          expect(view).toMatchObject({ isSignedIn: true, role: last.output.role })
          break
        default:
          throw new Error(`no expectation for ${last?.type}`)
      }
    })
  })

  function signedInOwner() {
    const effects: string[] = []
    const navigations: string[] = []
    const actor = createActor(harness([], effects, navigations), { input }).start()
    actor.send({
      type: 'xstate.done.actor.startup',
      output: { kind: 'signedIn', account: account('owner') },
    } as never)
    return { actor, effects, navigations }
  }

  it('picks the first owned store and goes to the start page from the root', () => {
    const { actor, navigations } = signedInOwner()
    const view = toSessionView(actor.getSnapshot())
    expect(view.currentStore?.name).toBe('Maison Dupont 1')
    expect(view).toMatchObject({
      isSignedIn: true,
      roleLabel: 'franchiseOwner',
      canScan: true,
      canCreateSale: false,
    })
    expect(navigations).toEqual(['/pages/dashboards/analytics'])
  })

  it('prefetches the start page once signed in, never before', () => {
    const effects: string[] = []
    const actor = createActor(harness([], effects, []), { input }).start()
    expect(effects.filter((e) => e.startsWith('prefetch:'))).toEqual([])
    actor.send({
      type: 'xstate.done.actor.startup',
      output: { kind: 'signedIn', account: account('owner') },
    } as never)
    expect(effects.filter((e) => e.startsWith('prefetch:'))).toEqual(['prefetch:/pages/dashboards/analytics'])
  })

  it('resuming a stored session on a signed-in page starts that page loading with the account call', () => {
    const at = (hasToken: boolean, path: string) => {
      const effects: string[] = []
      createActor(harness([], effects, []), {
        input: { ...input, hasToken, location: { path, search: '' } },
      }).start()
      return effects.filter((e) => e.startsWith('prefetch:'))
    }
    expect(at(true, '/pages/user/clients')).toEqual(['prefetch:/pages/user/clients'])
    // No token: the login page comes first and waits for nothing; a public page needs no shell.
    expect(at(false, '/pages/user/clients')).toEqual([])
    expect(at(true, '/login')).toEqual([])
  })

  it('a resumed session does not also fetch the start page; a later sign-in does', () => {
    const effects: string[] = []
    const actor = createActor(harness([], effects, []), {
      input: { ...input, location: { path: '/pages/user/clients', search: '' } },
    }).start()
    actor.send({
      type: 'xstate.done.actor.startup',
      output: { kind: 'signedIn', account: account('owner') },
    } as never)
    expect(effects.filter((e) => e.startsWith('prefetch:'))).toEqual(['prefetch:/pages/user/clients'])
    actor.send({ type: 'session.logout' })
    actor.send({ type: 'xstate.done.actor.revokeSession' } as never)
    actor.send({
      type: 'xstate.done.actor.login',
      output: { kind: 'signedIn', account: account('owner') },
    } as never)
    expect(effects.filter((e) => e.startsWith('prefetch:'))).toEqual([
      'prefetch:/pages/user/clients',
      'prefetch:/pages/dashboards/analytics',
    ])
  })

  it('prefetches the administration for an admin, the stores list for an owner with no store', () => {
    const admin = signedInAs(account('admin'))
    expect(admin.filter((e) => e.startsWith('prefetch:'))).toEqual(['prefetch:/pages/admin/dashboard'])
    const noStore = signedInAs({ ...account('owner'), stores: [] })
    expect(noStore.filter((e) => e.startsWith('prefetch:'))).toEqual(['prefetch:/pages/stores/all'])
  })

  function signedInAs(who: ReturnType<typeof account>) {
    const effects: string[] = []
    const actor = createActor(harness([], effects, []), { input }).start()
    actor.send({ type: 'xstate.done.actor.startup', output: { kind: 'signedIn', account: who } } as never)
    return effects
  }

  it('logs out to the login page and forgets the session', () => {
    const { actor, effects, navigations } = signedInOwner()
    actor.send({ type: 'session.logout' })
    expect(navigations.at(-1)).toBe('/login')
    actor.send({ type: 'xstate.done.actor.revokeSession' } as never)
    expect(actor.getSnapshot().value).toBe('signedOut')
    expect(effects).toContain('forgetSession')
    expect(toSessionView(actor.getSnapshot()).user).toBeNull()
  })

  describe('a 401 on a call made with the token, through the app’s real actors (issue 34)', () => {
    // The browser's storage holds the token the calls are made with (node has no window of its own).
    const storage = new Map<string, string>()
    beforeEach(() => {
      storage.clear()
      vi.stubGlobal('window', {
        localStorage: {
          getItem: (k: string) => storage.get(k) ?? null,
          setItem: (k: string, v: string) => void storage.set(k, v),
          removeItem: (k: string) => void storage.delete(k),
        },
      })
    })
    afterEach(() => {
      vi.unstubAllGlobals()
    })

    /** A signed-in owner whose store reload is the real account call, over a server answering `status`. */
    function signedInOverServer(status: number) {
      writeKey('token', 'revoked-token')
      const requests = fakeFetch((c) =>
        c.path === '/api/v2/users/me/session'
          ? [status, { code: 'UNAUTHORIZED', message: 'Invalid access_token' }]
          : undefined,
      )
      const effects: string[] = []
      const navigations: string[] = []
      const notices: string[] = []
      const machine = harness([], effects, navigations).provide({
        actors: { reloadAccount: loadAccount, watchUnauthorized } as never,
        actions: { notify: (_, p: { id: string }) => notices.push(p.id) },
      })
      const actor = createActor(machine, { input }).start()
      actor.send({
        type: 'xstate.done.actor.startup',
        output: { kind: 'signedIn', account: account('owner') },
      } as never)
      return { actor, effects, navigations, notices, requests }
    }

    it('ends the session with "Invalid access_token" and goes to login', async () => {
      const { actor, effects, navigations, notices, requests } = signedInOverServer(401)
      actor.send({ type: 'session.reloadStores' })
      await waitFor(actor, (s) => s.matches('loggingOut'), { timeout: 2_000 })
      expect(requests.map((r) => r.path)).toEqual(['/api/v2/users/me/session'])
      expect(toSessionView(actor.getSnapshot()).notice).toBe('session.expired')
      expect(notices).toEqual(['session.expired'])
      expect(navigations.at(-1)).toBe('/login')
      actor.send({ type: 'xstate.done.actor.revokeSession' } as never)
      expect(actor.getSnapshot().value).toBe('signedOut')
      expect(effects).toContain('forgetSession')
    })

    it('keeps the session on any other failure of the same call', async () => {
      const { actor, notices, requests } = signedInOverServer(500)
      actor.send({ type: 'session.reloadStores' })
      await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }) && requests.length === 1, {
        timeout: 2_000,
      })
      await new Promise((r) => setTimeout(r, 10))
      expect(actor.getSnapshot().matches('signedIn')).toBe(true)
      expect(notices).toEqual([])
    })

    it('does not listen before the sign-in: a 401 then (wrong password) ends nothing', async () => {
      writeKey('token', 'old-token')
      fakeFetch(() => [401, { code: 'UNAUTHORIZED', message: 'Invalid access_token' }])
      const notices: string[] = []
      const machine = harness([], [], []).provide({
        actors: { watchUnauthorized } as never,
        actions: { notify: (_, p: { id: string }) => notices.push(p.id) },
      })
      const actor = createActor(machine, { input }).start()
      await expect(authApi.session()).rejects.toMatchObject({ status: 401 })
      expect(actor.getSnapshot().matches('signedIn')).toBe(false)
      expect(notices).toEqual([])
    })
  })

  it('remembers a store change', () => {
    const { actor, effects } = signedInOwner()
    actor.send({ type: 'session.storeChange', storeId: '22222222-2222-4222-8222-000000000002' })
    expect(toSessionView(actor.getSnapshot()).currentStore?.name).toBe('Maison Dupont 2')
    expect(effects).toContain('saveCurrentStore:22222222-2222-4222-8222-000000000002')
  })

  it('lets a franchise owner with several stores choose All stores, and keeps it on the next start', () => {
    const { actor, effects } = signedInOwner()
    actor.send({ type: 'session.storeChange', storeId: ALL_STORES })
    const view = toSessionView(actor.getSnapshot())
    expect(view.isAllStores).toBe(true)
    expect(view.currentStore).toBeNull()
    expect(view.storeChoice).toBe(ALL_STORES)
    expect(view.franchise?.name).toBe('Maison Dupont')
    expect(effects).toContain(`saveCurrentStore:${ALL_STORES}`)
    // A store that is not the account's changes nothing.
    actor.send({ type: 'session.storeChange', storeId: 'elsewhere' })
    expect(actor.getSnapshot().context.currentStoreId).toBe(ALL_STORES)
    expect(pickStore(account('owner'), ALL_STORES)).toBe(ALL_STORES)
  })

  it('keeps a store owner on their own store: All stores is not theirs to choose', () => {
    const owner = account('owner')
    const single = { ...owner, role: 'STORE_OWNER' as const, stores: [owner.stores[1]!] }
    expect(pickStore(single, ALL_STORES)).toBe(owner.stores[1]!.id)
    const effects: string[] = []
    const actor = createActor(harness([], effects, []), { input }).start()
    actor.send({ type: 'xstate.done.actor.startup', output: { kind: 'signedIn', account: single } } as never)
    actor.send({ type: 'session.storeChange', storeId: ALL_STORES })
    const view = toSessionView(actor.getSnapshot())
    expect(view.isAllStores).toBe(false)
    expect(view.canChooseAllStores).toBe(false)
    expect(view.currentStore?.id).toBe(owner.stores[1]!.id)
  })

  it('returns an acting admin to administration with a full page load', () => {
    const effects: string[] = []
    const actor = createActor(harness([], effects, []), { input }).start()
    actor.send({
      type: 'xstate.done.actor.startup',
      output: { kind: 'signedIn', account: account('impostor') },
    } as never)
    expect(toSessionView(actor.getSnapshot()).isImpersonating).toBe(true)
    actor.send({ type: 'session.administration' })
    expect(effects.slice(-2)).toEqual(['leaveImpersonation', 'loadPage:/pages/admin/dashboard'])
  })

  it('sends an unsubscribed account to its payment link, or to forbidden without one', () => {
    const effects: string[] = []
    const navigations: string[] = []
    const a = createActor(harness([], effects, navigations), { input }).start()
    a.send({
      type: 'xstate.done.actor.startup',
      output: { kind: 'payment', account: account('unpaid'), url: 'http://x/pay' },
    } as never)
    expect(effects).toContain('loadPage:http://x/pay')
    const b = createActor(harness([], effects, navigations), { input }).start()
    b.send({ type: 'xstate.done.actor.startup', output: { kind: 'signedOut' } } as never)
    b.send({
      type: 'xstate.done.actor.login',
      output: { kind: 'payment', account: account('unpaid'), url: null },
    } as never)
    expect(navigations.at(-1)).toBe('/pages/auth/forbidden')
  })
})
