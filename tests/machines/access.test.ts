import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { accessMachine, redirectFor, type Subject, toAccessView } from '../../machines/access'
import { checkEachPath, expectEveryStateReached, generatePaths, replay } from '../support/model'

const owner: Subject = { role: 'FRANCHISE_OWNER', features: ['GAME'], storeCount: 2, startPage: null }
const storeOwner: Subject = {
  role: 'STORE_OWNER',
  features: [],
  storeCount: 1,
  startPage: '/pages/user/clients',
}
const guest: Subject = { role: null, features: [], storeCount: 0, startPage: null }
const admin: Subject = { role: 'LB_SALE', features: [], storeCount: 0, startPage: null }
const registered: Subject = { role: 'REGISTERED', features: [], storeCount: 0, startPage: null }
const at = (path: string, search = '') => ({ path, search })

describe('access rules (§4, §2 fallback)', () => {
  it('sends guests to login carrying the attempted path', () => {
    expect(redirectFor(at('/pages/user/clients', '?page=2'), guest)).toBe(
      '/login?redirect=%2Fpages%2Fuser%2Fclients%3Fpage%3D2',
    )
    expect(redirectFor(at('/login'), guest)).toBeNull()
    expect(redirectFor(at('/pages/auth/forgot-password'), guest)).toBeNull()
  })
  it('honours the attempted path after login, and only a same-site one', () => {
    expect(redirectFor(at('/login', '?redirect=%2Fpages%2Fuser%2Fclients%3Fpage%3D2'), owner)).toBe(
      '/pages/user/clients?page=2',
    )
    expect(redirectFor(at('/login', '?redirect=https%3A%2F%2Fevil.test'), owner)).toBe(
      '/pages/dashboards/analytics',
    )
    expect(redirectFor(at('/login', '?redirect=%2F%2Fevil.test'), owner)).toBe('/pages/dashboards/analytics')
  })
  it('sends registered users to confirmation and admins to administration', () => {
    expect(redirectFor(at('/pages/dashboards/analytics'), registered)).toBe('/pages/confirmation')
    expect(redirectFor(at('/pages/confirmation'), registered)).toBeNull()
    expect(redirectFor(at('/pages/dashboards/analytics'), admin)).toBe('/pages/admin/dashboard')
    expect(redirectFor(at('/pages/admin/dashboard'), owner)).toBe('/pages/dashboards/analytics')
  })
  it('applies full-access and feature gates', () => {
    expect(redirectFor(at('/pages/franchise'), storeOwner)).toBe('/pages/user/clients')
    expect(redirectFor(at('/pages/games/history'), owner)).toBeNull()
    expect(redirectFor(at('/pages/games/history'), { ...owner, features: [] })).toBe(
      '/pages/dashboards/analytics',
    )
  })
  it('follows the fallback route at the root', () => {
    expect(redirectFor(at('/'), owner)).toBe('/pages/dashboards/analytics')
    expect(redirectFor(at('/'), storeOwner)).toBe('/pages/user/clients')
    expect(redirectFor(at('/'), { ...owner, storeCount: 0 })).toBe('/pages/stores/all')
    expect(redirectFor(at('/'), guest)).toBe('/login')
    expect(redirectFor(at('/'), admin)).toBe('/pages/admin/dashboard')
  })
})

describe('access machine', () => {
  const events = [
    { type: 'access.subjectChange', subject: owner },
    { type: 'access.subjectChange', subject: guest },
    { type: 'access.locationChange', location: at('/pages/dashboards/analytics') },
    { type: 'access.locationChange', location: at('/pages/admin/dashboard') },
    { type: 'access.navigate', to: '/login' },
    { type: 'access.locationChange', location: at('/logout') },
  ]
  const paths = generatePaths(accessMachine, events, { location: at('/login') })

  it('reaches every state', () => {
    expectEveryStateReached(accessMachine, paths)
  })

  it('replays every path: renders only an allowed route, navigating exactly where a denied one must go', () => {
    checkEachPath(paths, (path, events) => {
      const navigations: string[] = []
      let logouts = 0
      const machine = accessMachine.provide({
        actions: {
          navigate: (_, p: { to: string }) => navigations.push(p.to),
          requestLogout: () => {
            logouts++
          },
        },
      })
      const view = toAccessView(replay(machine, path.steps, { location: at('/login') }))
      // Where the path left the visitor and who they are, folded from its events.
      let location = at('/login')
      let subject: Subject | null = null
      for (const e of events) {
        if (e.type === 'access.locationChange') location = e.location
        if (e.type === 'access.subjectChange') subject = e.subject
      }
      const last = events.at(-1)
      if (last?.type === 'access.navigate') {
        expect(navigations.at(-1)).toBe(last.to)
        return
      }
      if (location.path === '/logout') {
        expect(view.canRender).toBe(false)
        expect(navigations.at(-1)).toBe('/login')
        expect(logouts).toBeGreaterThan(0)
        return
      }
      if (!subject) {
        expect(view).toMatchObject({ canRender: false, isWaiting: true })
        return
      }
      const redirect = redirectFor(location, subject)
      expect(view.canRender).toBe(redirect === null)
      if (redirect !== null) expect(navigations.at(-1)).toBe(redirect)
    })
  })

  it('renders nothing before the session is known, then the allowed page', () => {
    const actor = createActor(accessMachine, {
      input: { location: at('/pages/dashboards/analytics') },
    }).start()
    expect(toAccessView(actor.getSnapshot())).toMatchObject({ canRender: false, isWaiting: true })
    actor.send({ type: 'access.subjectChange', subject: owner })
    expect(toAccessView(actor.getSnapshot()).canRender).toBe(true)
  })
})

describe('the /logout route', () => {
  it('asks the session to log out and goes to login', () => {
    const navigations: string[] = []
    const machine = accessMachine.provide({
      actions: { navigate: (_, p: { to: string }) => navigations.push(p.to) },
    })
    const actor = createActor(machine, { input: { location: at('/logout') } }).start()
    actor.send({ type: 'access.subjectChange', subject: owner })
    expect(actor.getSnapshot().value).toBe('loggingOut')
    expect(navigations).toEqual(['/login'])
  })
})
