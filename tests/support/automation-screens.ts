// Automations as the marketing screens get them (the wire contract's shapes), for the UI tests and the
// stories of the automation list and editor.
import type { Automation, AutomationType } from '../../src/domain/automations'

export const FRANCHISE = '11111111-1111-4111-8111-111111111111'
export const USER = '33333333-3333-4333-8333-333333333333'
export const AUTOMATION_IDS: Record<AutomationType, string> = {
  BIRTHDAY: '55555555-5555-4555-8555-000000000001',
  LOST_CUSTOMER: '55555555-5555-4555-8555-000000000002',
  NEW_CUSTOMER: '55555555-5555-4555-8555-000000000003',
}

/** An automation of `type`, off, never run, PUSH, no coupon (`over` changes any of it). */
export function automation(type: AutomationType, over: Partial<Automation> = {}): Automation {
  return {
    id: AUTOMATION_IDS[type],
    franchiseId: FRANCHISE,
    userId: USER,
    title: `${type} title`,
    isActive: false,
    type,
    coupon: null,
    message: `${type} message`,
    communicationCampaignType: 'PUSH',
    communicationCampaignAverageBasket: 0,
    communicationCampaign: {
      type: 'NOTIFICATION',
      name: `${type} title`,
      userId: USER,
      dateCreated: '2026-11-01T00:00:00.000Z',
      notification: { title: `${type} title`, imageUrl: null, link: null },
      campaignFilters: {},
    },
    timing: { daysBefore: 0, delayDays: 1 },
    lastRunAt: null,
    schedule: { hour: 10, timezone: 'Europe/Paris', nextRunAt: null },
    lostAfter: type === 'LOST_CUSTOMER' ? { value: 6, unit: 'months' } : null,
    sentThisMonth: 0,
    currentMarketingRevenue: 0,
    totalMarketingRevenue: 0,
    stats: {
      sent: 0,
      opened: 0,
      openedPercent: 0,
      couponsGenerated: 0,
      couponsRedeemed: 0,
      converted: 0,
      conversionPercent: 0,
      turnover: 0,
      averageBasket: 0,
    },
    ...over,
  }
}

/** The birthday automation on, with a month of results. */
export const BIRTHDAY_ON = automation('BIRTHDAY', {
  isActive: true,
  lastRunAt: '2026-11-24T09:00:00.000Z',
  schedule: { hour: 10, timezone: 'Europe/Paris', nextRunAt: '2026-11-25T09:00:00.000Z' },
  sentThisMonth: 42,
  totalMarketingRevenue: 123_450,
  currentMarketingRevenue: 4_500,
  stats: { ...automation('BIRTHDAY').stats, sent: 42, openedPercent: 50, couponsGenerated: 42 },
})
