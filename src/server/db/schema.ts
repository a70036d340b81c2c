// The database schema (Drizzle). Every tenant table carries franchise_id so that each query can be
// scoped by it and the data can later be distributed on it. Money is integer cents plus a currency
// code; points are integers.

import { analyticsDays, analyticsPostcodes, analyticsWatermarks } from './tables-analytics'
import { clientAudience, clientVisitDays, postcodeLocations } from './tables-audience'
import { automatedMarketings, automationSends } from './tables-automations'
import {
  campaignRecipients,
  campaignStats,
  campaigns,
  smsEarlyReceipts,
  smsOptOuts,
  smsUnreachablePhones,
} from './tables-campaigns'
import {
  clientDayCounts,
  clientSearch,
  clientStores,
  clients,
  coupons,
  idempotencyKeys,
  loyaltyModels,
  loyaltyOffers,
  pointsTransactions,
  storeClientCounts,
  storeDayCounts,
  storeOpinions,
} from './tables-clients'
import {
  accessTokens,
  auditLog,
  categories,
  checkoutSessions,
  franchiseFeatures,
  franchises,
  outbox,
  passwordResets,
  rateLimits,
  signUpConfirmations,
  storeOwners,
  stores,
  users,
} from './tables-core'
import { clientCrmValues, crmForms, phoneCodes, scanDevices } from './tables-crm'
import { emarketingDays, emarketingRegistrations, emarketings } from './tables-emarketing'
import { pointsExpiryReminders, pointsExpirySettings } from './tables-expiry'
import { gameParticipants, gameRewards, gameStores, games } from './tables-games'
import { clientImportChunks, clientImportRows, clientImports } from './tables-imports'
import { posMerchantAccounts, posOrders, posProducts, tagInjections, tags } from './tables-loyalty'
import { news } from './tables-news'
import { subscriptions } from './tables-payments'
import { webhookDeliveries, webhookEndpoints, webhookEvents } from './tables-webhooks'

export * from './tables-analytics'
export * from './tables-audience'
export * from './tables-automations'
export * from './tables-campaigns'
export * from './tables-clients'
export * from './tables-core'
export * from './tables-crm'
export * from './tables-emarketing'
export * from './tables-expiry'
export * from './tables-games'
export * from './tables-imports'
export * from './tables-loyalty'
export * from './tables-news'
export * from './tables-payments'
export * from './tables-webhooks'

export const schema = {
  automatedMarketings,
  automationSends,
  campaigns,
  campaignRecipients,
  campaignStats,
  smsOptOuts,
  smsUnreachablePhones,
  smsEarlyReceipts,
  users,
  accessTokens,
  franchises,
  franchiseFeatures,
  categories,
  stores,
  storeOwners,
  auditLog,
  outbox,
  rateLimits,
  passwordResets,
  signUpConfirmations,
  checkoutSessions,
  clients,
  clientStores,
  pointsTransactions,
  idempotencyKeys,
  loyaltyModels,
  loyaltyOffers,
  coupons,
  clientDayCounts,
  clientSearch,
  storeClientCounts,
  storeDayCounts,
  storeOpinions,
  tags,
  tagInjections,
  posMerchantAccounts,
  posProducts,
  posOrders,
  analyticsDays,
  analyticsWatermarks,
  analyticsPostcodes,
  news,
  clientAudience,
  games,
  gameStores,
  gameRewards,
  gameParticipants,
  clientVisitDays,
  postcodeLocations,
  crmForms,
  clientCrmValues,
  phoneCodes,
  scanDevices,
  emarketings,
  emarketingDays,
  emarketingRegistrations,
  subscriptions,
  pointsExpirySettings,
  pointsExpiryReminders,
  webhookEndpoints,
  webhookEvents,
  webhookDeliveries,
  clientImports,
  clientImportChunks,
  clientImportRows,
}
