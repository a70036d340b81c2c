import type { SnapshotFrom } from 'xstate'
import { AUTOMATION_ROUTES, runTimeOfDay } from '../../src/domain/automations'
import type { automationListMachine } from './automation-list.machine'

/** What the list page renders. */
export function toAutomationListView(s: SnapshotFrom<typeof automationListMachine>) {
  const c = s.context
  // One schedule for the franchise's automations (the job's hour, the franchise's zone).
  const schedule = c.automations[0]?.schedule
  return {
    schedule: schedule ? { time: runTimeOfDay(schedule), timezone: schedule.timezone } : null,
    isLoading: s.matches('loading'),
    hasFailed: s.matches('failed'),
    error: c.error,
    monthRevenue: c.monthRevenue,
    totalRevenue: c.totalRevenue,
    cards: c.automations.map((a) => ({
      id: a.id,
      type: a.type,
      title: a.title,
      isActive: a.isActive,
      lastRunAt: a.lastRunAt,
      nextRunAt: a.schedule.nextRunAt,
      sentThisMonth: a.sentThisMonth,
      revenue: a.totalMarketingRevenue,
      path: `/pages/marketing/${AUTOMATION_ROUTES[a.type]}/${a.id}`,
      isToggling: c.togglingId === a.id,
      canToggle: s.can({ type: 'marketing.toggle', id: a.id }),
    })),
  }
}
export type AutomationListView = ReturnType<typeof toAutomationListView>
