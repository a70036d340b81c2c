// The profile page's machine with the app's real actors and effects; tests and stories hand their own.
import { createContext, useContext } from 'react'
import {
  loadProfile,
  loadSubscription,
  paymentLink,
  saveProfile,
  uploadPhoto,
} from '../../../machines/profile/profile.actors'
import { profileMachine } from '../../../machines/profile/profile.machine'
import {
  changeRenewal,
  loadSubscription as loadSubscriptionDetail,
  paymentLink as subscriptionPaymentLink,
} from '../../../machines/subscription/subscription.actors'
import { subscriptionMachine } from '../../../machines/subscription/subscription.machine'
import { readKey, writeKey } from '../../api/storage'
import type { MessageId } from '../../ui/i18n/messages'
import { notify } from '../../ui/Toast'

export type ProfileLogic = {
  profile: typeof profileMachine
  /** "Manage the subscription" (issue 24 #3); without it the card only shows the status. */
  subscription?: typeof subscriptionMachine
  notify: (level: 'success' | 'error', id: string) => void
  /** Leaves for the payment page. */
  openUrl: (url: string) => void
  readStartPage: () => string | null
  writeStartPage: (path: string | null) => void
}

export const appProfileLogic: ProfileLogic = {
  profile: profileMachine.provide({
    actors: { loadProfile, saveProfile, uploadPhoto, loadSubscription, paymentLink },
  }),
  subscription: subscriptionMachine.provide({
    actors: { loadSubscription: loadSubscriptionDetail, changeRenewal, paymentLink: subscriptionPaymentLink },
  }),
  notify: (level, id) => notify[level](id as MessageId),
  openUrl: (url) => window.location.assign(url),
  readStartPage: () => readKey('startPage'),
  writeStartPage: (path) => writeKey('startPage', path),
}

export const ProfileLogicContext = createContext<ProfileLogic>(appProfileLogic)
export const useProfileLogic = () => useContext(ProfileLogicContext)
