import type { SnapshotFrom } from 'xstate'
import { ALL_STORES, mayChooseAllStores } from '../../src/domain/franchise'
import { isAdminRole, roleLabel } from '../../src/domain/roles'
import type { sessionMachine } from './session.machine'

/** The shell's read model: who is signed in, what it may see, and the current store. */
export function toSessionView(s: SnapshotFrom<typeof sessionMachine>) {
  const a = s.context.account
  const store = a?.stores.find((x) => x.id === s.context.currentStoreId) ?? null
  const isAllStores = !!a && s.context.currentStoreId === ALL_STORES
  const franchise =
    (store && a?.franchises.find((f) => f.id === store.franchiseId)) ?? a?.franchises[0] ?? null
  return {
    isStarting: s.matches('starting'),
    isSignedIn: s.matches('signedIn'),
    isSigningOut: s.matches('loggingOut'),
    isPaymentRequired: s.matches('paymentRequired'),
    user: a
      ? {
          id: a.info.id,
          email: a.info.email,
          displayName: a.info.displayName || a.info.email,
          photoURL: a.info.photoURL,
        }
      : null,
    role: a?.role ?? null,
    roleLabel: roleLabel(a?.role),
    isSuperAdmin: a?.isSuperAdmin ?? false,
    /** The retailer subscription (§6: SMS campaigns need it). */
    isSubscribed: a?.info.isSubscribedRetailer ?? false,
    /** An admin acting as this merchant. */
    isImpersonating: !!a?.me.impostorOf,
    franchise,
    features: franchise?.features ?? [],
    stores: a?.stores ?? [],
    /** The store chosen in the top bar; null with "All stores" (or no store). */
    currentStore: store,
    /** "All stores" is chosen: the store-scoped pages show the whole franchise. */
    isAllStores,
    /** The top bar selector's value: a store id, ALL_STORES, or null. */
    storeChoice: isAllStores ? ALL_STORES : (store?.id ?? null),
    /** The top bar offers "All stores" (a franchise owner with several stores). */
    canChooseAllStores: mayChooseAllStores(a?.role, a?.stores.length ?? 0),
    canCreateSale: franchise?.loyaltyType === 'MANUAL_AMOUNT',
    canScan: !!store?.settings.hasScannerEnabled,
    isAdmin: isAdminRole(a?.role),
    notice: s.context.notice,
  }
}
export type SessionView = ReturnType<typeof toSessionView>
