// The app's session actor. The session, startup and login machines own their calls and storage
// effects (machines/session/session.actors.ts); the app's effects (src/ui/effects/app-effects.tsx) give
// them their toasts, and the route guard its navigation and the address. Tests provide their own.
import { fromCallback } from 'xstate'
import type { AccessEvent } from '../../../machines/access/access.machine'
import { loginMachine } from '../../../machines/login/login.machine'
import {
  accessForSession,
  type SessionInput,
  sessionMachine,
} from '../../../machines/session/session.machine'
import { activeToken, readKey } from '../../api/storage'
import type { AppEffects } from '../effects/app-effects'
import type { MessageId } from '../i18n/messages'

/** The session machine with the app's effects: toasts, and the route guard on the address. */
export function appSessionMachine(effects: AppEffects) {
  const notify = (_: unknown, p: { level: 'success' | 'error' | 'info'; id: string }) =>
    effects.notify(p.level, p.id as MessageId)
  const { location } = effects
  return sessionMachine.provide({
    actors: {
      login: loginMachine.provide({ actions: { notify } }),
      access: accessForSession.provide({
        actors: {
          watchLocation: fromCallback(({ sendBack }) =>
            location.subscribe(() =>
              sendBack({ type: 'access.locationChange', location: location.read() } satisfies AccessEvent),
            ),
          ),
        },
        actions: { navigate: (_, p: { to: string }) => effects.navigate(p.to, { replace: true }) },
      }),
    },
    actions: { notify },
  })
}

export function sessionInput(): SessionInput {
  return {
    hasToken: activeToken() !== null,
    location: { path: window.location.pathname, search: window.location.search },
    startPage: readKey('startPage'),
    currentStoreId: readKey('currentStore'),
  }
}
