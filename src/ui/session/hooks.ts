// Read models of the session and of its children (startup, login, access), for components.
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { accessMachine } from '../../../machines/access/access.machine'
import { toAccessView } from '../../../machines/access/access.view'
import type { loginMachine } from '../../../machines/login/login.machine'
import { toSessionView } from '../../../machines/session/session.view'
import type { startupMachine } from '../../../machines/startup/startup.machine'
import { toStartupView } from '../../../machines/startup/startup.view'
import { SessionContext } from './SessionContext'

export const useSession = () => SessionContext.useSelector(toSessionView)
export const useSessionRef = () => SessionContext.useActorRef()

type Children = {
  startup?: ActorRefFrom<typeof startupMachine>
  login?: ActorRefFrom<typeof loginMachine>
  access?: ActorRefFrom<typeof accessMachine>
}
const useChild = <K extends keyof Children>(key: K): Children[K] =>
  SessionContext.useSelector((s) => (s.children as Children)[key])

const noStartup = { isBusy: false, message: null, error: null, canRetry: false }
export function useStartup() {
  const ref = useChild('startup')
  const view = useSelector(ref, (s) => (s ? toStartupView(s) : noStartup))
  return { ref, view }
}

/** The login child exists only while signed out. */
export function useLoginActor() {
  return useChild('login')
}

export function useAccess() {
  const ref = useChild('access')
  return useSelector(ref, (s) =>
    s ? toAccessView(s) : { canRender: false, isWaiting: true, redirect: null },
  )
}
