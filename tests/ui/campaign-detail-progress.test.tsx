// The campaign detail page while a send runs, rendered with the real detail machine on a fake back end
// (e2e defect: the progress said "12 sent · Finished" while the Results still said the early
// "Notified" figure and the table "Sending"). Once the progress says finished, the Results and the
// notified clients say the same, in English and French, with no loading state in between.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fromPromise } from 'xstate'
import { campaignDetailMachine, type RecipientQuery } from '../../machines/campaign-detail'
import type {
  Campaign,
  CampaignCoupon,
  CampaignStats,
  RecipientPage,
} from '../../src/domain/campaign-contract'
import { CampaignDetailScreen } from '../../src/features/campaigns/CampaignDetailContainer'
import { type AppEffects, AppEffectsProvider, browserEffects } from '../../src/ui/effects/app-effects'
import { ProvidedMachines } from '../../src/ui/machines/provided'
import { CAMPAIGN_ID, RECIPIENTS, SENDING, SENT, STATS } from '../support/campaign-screens'
import { renderUi } from './render'

type Row = RecipientPage['items'][number]

function setup(locale: 'en' | 'fr') {
  const server = {
    finished: false,
    recipientCalls: [] as RecipientQuery[],
    statsCalls: 0,
    /** Set while the recipients' answer is held back. */
    release: null as null | (() => void),
    holdRecipients: false,
  }
  const sent = () => (server.finished ? 3 : 1)
  const rows = (): Row[] =>
    ['Léa', 'Hugo', 'Inès'].map((firstName, i) => ({
      ...RECIPIENTS.items[0]!,
      clientId: `55555555-5555-4555-8555-00000000000${i}`,
      firstName,
      status: i < sent() ? 'SENT' : 'SENDING',
      sentAt: null,
    }))
  const campaign = (): Campaign =>
    server.finished
      ? { ...SENT, progress: { ...SENT.progress, sent: 3 } }
      : { ...SENDING, progress: { ...SENDING.progress, pending: 0, sending: 2, sent: 1 } }
  const detail = campaignDetailMachine.provide({
    delays: { PROGRESS_REFRESH: 30 },
    actors: {
      loadCampaign: fromPromise<Campaign, { id: string }>(async () => campaign()),
      loadStats: fromPromise<CampaignStats, { id: string }>(async () => {
        server.statsCalls++
        return { ...STATS, notified: sent() }
      }),
      loadCoupon: fromPromise<CampaignCoupon | null, { id: string }>(async () => null),
      loadRecipients: fromPromise<RecipientPage, { id: string; query: RecipientQuery }>(async ({ input }) => {
        server.recipientCalls.push(input.query)
        const page = { items: rows(), ...input.query, total: 3 }
        if (!server.holdRecipients) return page
        return new Promise((resolve) => {
          server.release = () => resolve(page)
        })
      }),
    },
  })
  // No toast is asked here; one would be recorded, not shown.
  const notices: string[] = []
  const effects: AppEffects = { ...browserEffects, notify: (_, id) => void notices.push(id) }
  renderUi(
    <AppEffectsProvider value={effects}>
      <ProvidedMachines machines={[detail]}>
        <CampaignDetailScreen id={CAMPAIGN_ID} currency="EUR" />
      </ProvidedMachines>
    </AppEffectsProvider>,
    { path: `/pages/campaign/${CAMPAIGN_ID}`, locale },
  )
  return server
}

const TEXT = {
  en: {
    results: 'Results',
    notified: 'Notified',
    list: 'Notified clients',
    sending: 'Sending',
    sent: 'Sent',
    early: '1 sent · 2 pending · 0 failed',
    done: '3 sent · 0 pending · 0 failed',
    finished: 'Finished',
  },
  fr: {
    results: 'Résultats',
    notified: 'Notifiés',
    list: 'Clients notifiés',
    sending: "En cours d'envoi",
    sent: 'Envoyé',
    early: '1 envoyés · 2 en attente · 0 en échec',
    done: '3 envoyés · 0 en attente · 0 en échec',
    finished: 'Terminée',
  },
}

const section = (title: string) => screen.getByRole('heading', { name: title }).closest('section')!
/** A figure of the Results: the value beside its label. */
const figure = (title: string, label: string) =>
  within(section(title)).getByText(label).parentElement!.querySelector('dd')!.textContent
/** The Delivery column of the notified clients' table. */
const deliveries = (title: string) =>
  within(section(title))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[2]!.textContent)

describe('campaign detail: the results and the notified clients follow the progress', () => {
  it.each(['en', 'fr'] as const)(
    'once the send finishes they show its final figures (%s)',
    async (locale) => {
      const t = TEXT[locale]
      const server = setup(locale)
      expect(await screen.findByTestId('progress')).toHaveTextContent(t.early)
      await waitFor(() => expect(deliveries(t.list)).toEqual([t.sent, t.sending, t.sending]))
      expect(figure(t.results, t.notified)).toBe('1')

      // The send ends; the list's next answer is held back to see the page meanwhile.
      server.holdRecipients = true
      server.finished = true
      await waitFor(() => expect(screen.getByTestId('progress')).toHaveTextContent(t.done))
      expect(screen.getAllByText(t.finished).length).toBeGreaterThan(0)
      await waitFor(() => expect(server.release).not.toBeNull())
      // Read again on the same query; the rows shown stay, not busy (no loading state on a refresh).
      expect(server.recipientCalls.at(-1)).toEqual({ page: 1, size: 10, status: null })
      expect(deliveries(t.list)).toEqual([t.sent, t.sending, t.sending])
      expect(within(section(t.list)).getByRole('table')).toHaveAttribute('aria-busy', 'false')
      await waitFor(() => expect(figure(t.results, t.notified)).toBe('3'))

      server.release!()
      await waitFor(() => expect(deliveries(t.list)).toEqual([t.sent, t.sent, t.sent]))
      expect(figure(t.results, t.notified)).toBe('3')
      expect(screen.getByTestId('progress')).not.toHaveTextContent(/updated as it goes|mis à jour en continu/)
    },
  )
})
