// The app's session actor: the machines of machines/ with their real actors and effects (storage,
// navigation, full page loads, toasts). Tests and stories provide their own instead.
import { navigate } from 'wouter/use-browser-location'
import { watchLocation } from '../../../machines/access/access.actors'
import { loginMachine } from '../../../machines/login/login.machine'
import {
  fetchPaymentLink,
  loadAccount,
  revokeSession,
  signIn,
  watchUnauthorized,
} from '../../../machines/session/session.actors'
import {
  accessForSession,
  type SessionInput,
  sessionMachine,
} from '../../../machines/session/session.machine'
import { startupMachine } from '../../../machines/startup/startup.machine'
import { activeToken, clearSession, readKey, writeKey } from '../../api/storage'
import type { MessageId } from '../i18n/messages'
import { notify } from '../Toast'

type Level = 'success' | 'error' | 'info' | 'warning'
const toast = (_: unknown, p: { level: Level; id: string }) => notify[p.level](p.id as MessageId)

export const appSessionMachine = sessionMachine.provide({
  actors: {
    startup: startupMachine.provide({ actors: { loadAccount, revokeSession, fetchPaymentLink } }),
    login: loginMachine.provide({
      actors: { signIn, loadAccount, revokeSession, fetchPaymentLink },
      actions: { notify: toast },
    }),
    access: accessForSession.provide({
      actors: { watchLocation },
      actions: { navigate: (_, p: { to: string }) => navigate(p.to, { replace: true }) },
    }),
    revokeSession,
    reloadAccount: loadAccount,
    watchUnauthorized,
  },
  actions: {
    forgetSession: () => clearSession(),
    notify: toast,
    saveCurrentStore: (_, p: { storeId: string | null }) => {
      writeKey('currentStore', p.storeId)
      // The selected tag belongs to a store (§4 create-sale): a new store starts without one.
      writeKey('selectedTag', null)
    },
    leaveImpersonation: () => {
      for (const key of ['selectedTag', 'startPage', 'currentStore', 'impostorToken'] as const)
        writeKey(key, null)
    },
    loadPage: (_, p: { url: string }) => window.location.assign(p.url),
  },
})

export function sessionInput(): SessionInput {
  return {
    hasToken: activeToken() !== null,
    location: { path: window.location.pathname, search: window.location.search },
    startPage: readKey('startPage'),
    currentStoreId: readKey('currentStore'),
  }
}
