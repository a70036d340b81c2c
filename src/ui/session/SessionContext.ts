// The session actor shared by the whole app. The app's Provider runs the session with its effects
// (runtime.ts); tests and stories hand it their own `logic` (the same machine with recording actors).
import { createActorContext } from '@xstate/react'
import { sessionMachine } from '../../../machines/session/session.machine'

export const SessionContext = createActorContext(sessionMachine)
