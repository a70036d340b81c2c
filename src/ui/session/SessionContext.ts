// The session actor shared by the whole app. Tests and stories hand the Provider their own `logic`
// (the same machine with recording actors) instead of the runtime one.
import { createActorContext } from '@xstate/react'
import { appSessionMachine } from './runtime'

export const SessionContext = createActorContext(appSessionMachine)
