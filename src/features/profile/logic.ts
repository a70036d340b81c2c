// The profile page's machine with the app's real actors and effects; tests and stories hand their own.
import { createContext, useContext } from 'react'
import { loadProfile, saveProfile, uploadPhoto } from '../../../machines/profile/profile.actors'
import { profileMachine } from '../../../machines/profile/profile.machine'
import {
  changeRenewal,
  loadSubscription,
  paymentLink,
  portalLink,
} from '../../../machines/subscription/subscription.actors'
import { subscriptionMachine } from '../../../machines/subscription/subscription.machine'
import { readKey, writeKey } from '../../api/storage'
import type { MessageId } from '../../ui/i18n/messages'
import { notify } from '../../ui/Toast'

export type ProfileLogic = {
  profile: typeof profileMachine
  /** "Manage the subscription" (issue 24 #3): the subscription card's machine. */
  subscription: typeof subscriptionMachine
  notify: (level: 'success' | 'error', id: string) => void
  /** Leaves for the payment page. */
  openUrl: (url: string) => void
  readStartPage: () => string | null
  writeStartPage: (path: string | null) => void
}

export const appProfileLogic: ProfileLogic = {
  profile: profileMachine.provide({
    actors: { loadProfile, saveProfile, uploadPhoto },
  }),
  subscription: subscriptionMachine.provide({
    actors: { loadSubscription, changeRenewal, paymentLink, portalLink },
  }),
  notify: (level, id) => notify[level](id as MessageId),
  openUrl: (url) => window.location.assign(url),
  readStartPage: () => readKey('startPage'),
  writeStartPage: (path) => writeKey('startPage', path),
}

export const ProfileLogicContext = createContext<ProfileLogic>(appProfileLogic)
export const useProfileLogic = () => useContext(ProfileLogicContext)
