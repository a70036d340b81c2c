// The campaign editor's steps, rendered with the real editor machine on a fake back end and driven
// like a merchant would: filter rule errors, the SMS counter with a non-GSM character, a schedule
// outside the sending window, and the validation dialog.
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { fromPromise } from 'xstate'
import { guardLeaving } from '../../machines/campaign-editor/campaign-editor.actors'
import { campaignEditorMachine } from '../../machines/campaign-editor/campaign-editor.machine'
import type {
  CampaignEditorInput,
  CountAudienceInput,
  CountAudienceOutput,
  LoadEditorOutput,
  SaveCampaignInput,
} from '../../machines/campaign-editor/campaign-editor.types'
import { ApiError } from '../../src/api/client'
import type { Campaign } from '../../src/domain/campaign-contract'
import { CampaignEditorScreen } from '../../src/features/campaigns/CampaignEditorContainer'
import { type AppEffects, AppEffectsProvider, browserEffects } from '../../src/ui/effects/app-effects'
import { ProvidedMachines } from '../../src/ui/machines/provided'
import { EDITOR_INPUT, SENT } from '../support/campaign-screens'
import { renderUi } from './render'

const input: CampaignEditorInput = EDITOR_INPUT

function setup(
  over: {
    senderId?: string | null
    save?: (i: SaveCampaignInput) => Promise<Campaign>
    news?: LoadEditorOutput['news']
    locale?: 'en' | 'fr'
    publicUrl?: string
  } = {},
) {
  const backend = {
    count: vi.fn(async (i: CountAudienceInput): Promise<CountAudienceOutput> => {
      const min = i.body.campaignFilters.minLoyaltyPoints ?? 0
      const nbUsers = min > 0 ? 3 : 12
      return {
        requestId: i.requestId,
        cost: { nbUsers, unitPrice: 0.08, totalPrice: Math.round(nbUsers * 8) / 100 },
      }
    }),
    save: vi.fn(over.save ?? (async () => ({ ...SENT, isSent: false }))),
    send: vi.fn(async () => SENT),
  }
  const notices: string[] = []
  const editor = campaignEditorMachine.provide({
    actors: {
      loadEditor: fromPromise(
        async (): Promise<LoadEditorOutput> => ({
          ...(over.publicUrl ? { publicUrl: over.publicUrl } : {}),
          senderId: over.senderId === undefined ? 'MAISON' : over.senderId,
          campaign: null,
          news: over.news ?? [],
          quiet: { smsQuietDays: true, publicHolidays: ['2026-12-25'] },
        }),
      ),
      countAudience: fromPromise(({ input: i }: { input: CountAudienceInput }) => backend.count(i)),
      uploadImage: fromPromise(async () => ({ url: 'https://cdn.test/x.jpeg' })),
      saveCampaign: fromPromise(({ input: i }: { input: SaveCampaignInput }) => backend.save(i)),
      sendCampaign: fromPromise(() => backend.send()),
      // The real guard: it only listens to the page (leaving, links), no network.
      guardLeaving,
    },
  })
  // The app's effects: toasts recorded, navigation on the memory router, going back recorded.
  let router: ReturnType<typeof renderUi>['location'] | null = null
  const goBack = vi.fn()
  const effects: AppEffects = {
    ...browserEffects,
    notify: (_level, id) => void notices.push(id),
    navigate: (to, options) => router?.navigate(to, options),
    goBack,
  }
  const ui = renderUi(
    <AppEffectsProvider value={effects}>
      <ProvidedMachines machines={[editor]}>
        <CampaignEditorScreen input={input} />
      </ProvidedMachines>
    </AppEffectsProvider>,
    { path: '/pages/campaign/new', locale: over.locale ?? 'en' },
  )
  router = ui.location
  return { ...ui, backend, notices, goBack }
}

const next = () => screen.getByRole('button', { name: 'Next' })

async function toContent(user: ReturnType<typeof setup>['user']) {
  await user.type(await screen.findByLabelText('Campaign name'), 'Soldes')
  await user.click(next())
  await screen.findByLabelText('Message')
}

describe('campaign editor: target step', () => {
  it('shows the §5 rule on the field, counts no audience while wrong, and stays on the step', async () => {
    const { user, backend } = setup()
    await waitFor(() => expect(screen.getByTestId('audience-count')).toHaveTextContent('12'))
    const points = within(screen.getByRole('group', { name: 'Points balance' }))
    await user.type(points.getByLabelText('Min'), '50')
    await waitFor(() => expect(screen.getByTestId('audience-count')).toHaveTextContent('3'))
    expect(screen.getByTestId('audience-cost')).toHaveTextContent('€0.24')
    expect(screen.getByTestId('audience-cost')).toHaveTextContent('3 SMS × €0.08')
    await user.type(points.getByLabelText('Max'), '10')
    expect(screen.getByText('Fix the marked filters to count the recipients.')).toBeInTheDocument()
    // The field is marked at once, its message naming both limits as typed.
    expect(points.getByLabelText('Min')).toHaveAttribute('aria-invalid', 'true')
    expect(points.getByLabelText('Min')).toHaveAccessibleErrorMessage(
      'The minimum (50) must not be above the maximum (10).',
    )
    const calls = backend.count.mock.calls.length
    await user.click(next())
    await waitFor(() =>
      expect(screen.getByLabelText('Campaign name')).toHaveAccessibleErrorMessage('Required.'),
    )
    expect(screen.queryByLabelText('Message')).not.toBeInTheDocument()
    await new Promise((r) => setTimeout(r, 700))
    expect(backend.count.mock.calls.length).toBe(calls)
  })

  it('says why SMS cannot be sent and links to the franchise page', async () => {
    setup({ senderId: null })
    const note = await screen.findByRole('note')
    expect(note).toHaveTextContent('valid sender name')
    // Nothing to go on to until SMS can be sent.
    expect(next()).toBeDisabled()
    expect(within(note).getByRole('link', { name: 'Go to the franchise page' })).toHaveAttribute(
      'href',
      '/pages/franchise',
    )
  })
})

describe('campaign editor: leaving', () => {
  it('asks before following a link with unsaved changes, then goes where the link pointed', async () => {
    const { user, location } = setup({ senderId: null })
    const link = await screen.findByRole('link', { name: 'Go to the franchise page' })
    await user.type(screen.getByLabelText('Campaign name'), 'Soldes')
    await user.click(link)
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave the editor?' })
    expect(location.history.at(-1)).toBe('/pages/campaign/new')
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }))
    expect(screen.getByLabelText('Campaign name')).toHaveValue('Soldes')
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    await user.click(link)
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave without saving' }),
    )
    await waitFor(() => expect(location.history.at(-1)).toBe('/pages/franchise'))
  })
})

describe('campaign editor: leaving with the browser’s back button', () => {
  it('asks before going back with unsaved changes, stays on Stay, goes back past its guard on Leave', async () => {
    const { user, goBack } = setup()
    const name = await screen.findByLabelText('Campaign name')
    await user.type(name, 'Soldes')
    window.history.back()
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave the editor?' })
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }))
    expect(screen.getByLabelText('Campaign name')).toHaveValue('Soldes')
    expect(goBack).not.toHaveBeenCalled()
    // The closed dialog must be gone before the next one opens: a closing layer takes no pointer.
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    // Asked again at the next back: the guard was put back.
    window.history.back()
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave without saving' }),
    )
    expect(goBack).toHaveBeenCalledWith(2)
  })
})

describe('campaign editor: content step', () => {
  it('counts the SMS with the link and the opt-out mention, and names a non-GSM character', async () => {
    const { user } = setup()
    await toContent(user)
    await user.type(screen.getByLabelText('Message'), 'Soldes')
    const counter = screen.getByTestId('sms-counter')
    // "Soldes" + "\n" + "STOP SMS: repondez STOP" (23): 30 GSM-7 characters.
    expect(counter).toHaveTextContent('30 / 160 characters · one SMS')
    await user.type(screen.getByLabelText('Link (optional)'), 'https://dupont.test')
    expect(counter).toHaveTextContent('50 / 160 characters')
    await user.type(screen.getByLabelText('Message'), ' fête')
    expect(counter).toHaveTextContent('55 / 70 characters')
    expect(screen.getByText(/“ê” \(character 9\): outside the SMS alphabet/)).toBeInTheDocument()
    await user.type(screen.getByLabelText('Message'), ' 🎉')
    await user.click(next())
    expect(screen.getByRole('alert')).toHaveTextContent('Emoji cannot be sent by SMS.')
    expect(screen.getByLabelText('Message')).toBeInTheDocument()
  })
})

describe('campaign editor: one SMS per message (§5, §9)', () => {
  it('says the text is too long, blocks Next until it fits, and explains what is added to it', async () => {
    const { user } = setup()
    await toContent(user)
    // The new step opens at its title, focused (scrolled below the sticky toolbar).
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Content', level: 2 })).toHaveFocus())
    const fixed = screen.getByTestId('sms-fixed')
    expect(fixed).toHaveTextContent(
      '24 characters are added to every message: the opt-out line “STOP SMS: repondez STOP”. Your text has room for 136 characters.',
    )
    await user.type(screen.getByLabelText('Link (optional)'), 'https://dupont.test')
    expect(fixed).toHaveTextContent(
      'the opt-out line “STOP SMS: repondez STOP” and the link (https://dupont.test)',
    )
    // “…” turns the text into UCS-2: 70 characters, 44 of them fixed.
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: `“Soldes” ${'a'.repeat(40)}` } })
    expect(screen.getByTestId('sms-counter')).toHaveTextContent(
      '93 / 70 characters: too long for one SMS. Remove 23 characters to go on.',
    )
    expect(next()).toBeDisabled()
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: '“Soldes” ce week-end' } })
    expect(screen.getByTestId('sms-counter')).toHaveTextContent('64 / 70 characters · one SMS')
    expect(next()).toBeEnabled()
  })

  it('says it in French too', async () => {
    const { user } = setup({ locale: 'fr' })
    await user.type(await screen.findByLabelText('Nom de la campagne'), 'Soldes')
    await user.click(screen.getByRole('button', { name: 'Suivant' }))
    fireEvent.change(await screen.findByLabelText('Message'), {
      target: { value: `“Soldes” ${'a'.repeat(60)}` },
    })
    expect(screen.getByTestId('sms-counter')).toHaveTextContent(
      '93 / 70 caractères : trop long pour un seul SMS. Retirez 23 caractères pour continuer.',
    )
    expect(screen.getByTestId('sms-fixed')).toHaveTextContent(
      '24 caractères sont ajoutés à chaque message : la mention de désinscription « STOP SMS: repondez STOP ».',
    )
    expect(screen.getByRole('button', { name: 'Suivant' })).toBeDisabled()
  })
})

describe('campaign editor: target step in French', () => {
  it('marks the minimum above its maximum, naming both', async () => {
    const { user } = setup({ locale: 'fr' })
    const points = within(await screen.findByRole('group', { name: 'Solde de points' }))
    await user.type(points.getByLabelText('Min'), '50')
    await waitFor(() => expect(screen.getByTestId('audience-cost')).toHaveTextContent('3 SMS × 0,08 €'))
    await user.type(points.getByLabelText('Max'), '10')
    expect(points.getByLabelText('Min')).toHaveAttribute('aria-invalid', 'true')
    expect(points.getByLabelText('Min')).toHaveAccessibleErrorMessage(
      'Le minimum (50) ne doit pas dépasser le maximum (10).',
    )
    expect(screen.getByText('Corrigez les filtres signalés pour compter les destinataires.')).toBeVisible()
  })
})

describe('campaign editor: when it really goes out', () => {
  const toDate = async (user: ReturnType<typeof setup>['user'], fr = false) => {
    await user.type(await screen.findByLabelText(fr ? 'Nom de la campagne' : 'Campaign name'), 'Soldes')
    await user.click(screen.getByRole('button', { name: fr ? 'Suivant' : 'Next' }))
    fireEvent.change(await screen.findByLabelText('Message'), { target: { value: 'Soldes' } })
    await user.click(screen.getByRole('button', { name: fr ? 'Suivant' : 'Next' }))
  }
  it('says a Sunday start waits for Monday 08:00, and a holiday for the next day', async () => {
    const { user } = setup()
    await toDate(user)
    await user.click(screen.getByLabelText('Schedule'))
    fireEvent.change(screen.getByLabelText('Start day (Europe/Paris)'), { target: { value: '2026-11-29' } })
    fireEvent.change(screen.getByLabelText('Start time (Europe/Paris)'), { target: { value: '10:00' } })
    expect(screen.getByTestId('send-moment')).toHaveTextContent(
      'No marketing SMS on Sundays: it will go out on Monday, November 30, 2026 at 08:00 (Europe/Paris time).',
    )
    fireEvent.change(screen.getByLabelText('Start day (Europe/Paris)'), { target: { value: '2026-12-25' } })
    expect(screen.getByTestId('send-moment')).toHaveTextContent(
      'No marketing SMS on public holidays: it will go out on Saturday, December 26, 2026 at 08:00',
    )
    fireEvent.change(screen.getByLabelText('Start day (Europe/Paris)'), { target: { value: '2026-12-01' } })
    expect(screen.getByTestId('send-moment')).toHaveTextContent(
      'It will go out on Tuesday, December 1, 2026 at 10:00 (Europe/Paris time).',
    )
  })

  it('says it in French', async () => {
    const { user } = setup({ locale: 'fr' })
    await toDate(user, true)
    await user.click(screen.getByLabelText('Programmer'))
    fireEvent.change(screen.getByLabelText('Jour de départ (Europe/Paris)'), {
      target: { value: '2026-11-29' },
    })
    fireEvent.change(screen.getByLabelText('Heure de départ (Europe/Paris)'), { target: { value: '10:00' } })
    expect(screen.getByTestId('send-moment')).toHaveTextContent(
      'Pas de SMS marketing le dimanche : elle partira le lundi 30 novembre 2026 à 08:00 (heure de Europe/Paris).',
    )
  })
})

describe('campaign editor: date step', () => {
  it('refuses a time outside 08:00-20:00 in the franchise’s time zone', async () => {
    const { user } = setup()
    await toContent(user)
    await user.type(screen.getByLabelText('Message'), 'Soldes')
    await user.click(next())
    expect(screen.getByText(/between 08:00 and 20:00, Europe\/Paris time/)).toBeInTheDocument()
    await user.click(screen.getByLabelText('Schedule'))
    fireEvent.change(screen.getByLabelText('Start day (Europe/Paris)'), { target: { value: '2026-12-01' } })
    fireEvent.change(screen.getByLabelText('Start time (Europe/Paris)'), { target: { value: '21:00' } })
    await user.click(next())
    await waitFor(() =>
      expect(screen.getByLabelText('Start time (Europe/Paris)')).toHaveAccessibleErrorMessage(
        'Outside the sending hours: choose a time from 08:00 to 20:00.',
      ),
    )
    fireEvent.change(screen.getByLabelText('Start time (Europe/Paris)'), { target: { value: '10:30' } })
    await user.click(next())
    expect(await screen.findByTestId('phone-preview')).toBeInTheDocument()
  })
})

describe('campaign editor: preview and validation dialog', () => {
  it('previews the SMS as sent, then saves, sends and opens the history with the message', async () => {
    const { user, backend, notices, location } = setup()
    await toContent(user)
    await user.type(screen.getByLabelText('Message'), 'Soldes ce week-end')
    await user.click(next())
    await user.click(next())
    const phone = await screen.findByTestId('phone-preview')
    expect(phone).toHaveTextContent('MAISON')
    expect(phone).toHaveTextContent('Soldes ce week-end')
    expect(phone).toHaveTextContent('STOP SMS: repondez STOP')
    await user.click(screen.getByRole('button', { name: 'Validate' }))
    const dialog = await screen.findByRole('dialog', { name: 'Validate the campaign' })
    expect(within(dialog).getByText(/sent right away/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(location.history.at(-1)).toBe('/pages/campaign/history'))
    expect(backend.save).toHaveBeenCalledTimes(1)
    expect(backend.send).toHaveBeenCalledTimes(1)
    expect(notices).toEqual(['communication.success.create'])
  })

  // Issue 34: the preview put the browser's address (127.0.0.1) in the short link while the sender put
  // the server's public URL (localhost): the link is now on the URL the server answered.
  it('previews the short link on the server’s public URL, not the browser’s address', async () => {
    const { user } = setup({ publicUrl: 'http://links.example:8443' })
    await toContent(user)
    await user.type(screen.getByLabelText('Message'), 'Soldes')
    await user.type(screen.getByLabelText('Link (optional)'), 'https://dupont.test')
    await user.click(next())
    await user.click(next())
    const phone = await screen.findByTestId('phone-preview')
    expect(phone).toHaveTextContent(/http:\/\/links\.example:8443\/r\/x{12}/)
    expect(phone.textContent).not.toContain(window.location.host)
    expect(phone.textContent).not.toContain('dupont.test')
  })

  it('keeps the dialog open with the sender-id message when the server refuses it', async () => {
    const { user, location } = setup({
      save: async () => {
        throw new ApiError(400, 'SENDER_ID_NOT_VALID', 'x')
      },
    })
    await toContent(user)
    await user.type(screen.getByLabelText('Message'), 'Soldes')
    await user.click(next())
    await user.click(next())
    await user.click(await screen.findByRole('button', { name: 'Validate' }))
    const dialog = await screen.findByRole('dialog', { name: 'Validate the campaign' })
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your SMS sender name is not valid')
    expect(location.history.at(-1)).toBe('/pages/campaign/new')
  })
})

describe('campaign editor: the news item of a NEWS campaign', () => {
  const validateAndConfirm = async (user: ReturnType<typeof setup>['user']) => {
    await user.click(next())
    await user.click(next())
    await user.click(await screen.findByRole('button', { name: 'Validate' }))
    const dialog = await screen.findByRole('dialog', { name: 'Validate the campaign' })
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    return dialog
  }

  it('creates it from the campaign for a week from today, and says when the limit refuses it', async () => {
    const { user, backend, location } = setup({
      save: async () => {
        throw new ApiError(409, 'NEWS_LIMIT_REACHED', 'x')
      },
    })
    await toContent(user)
    await user.type(screen.getByLabelText('Message'), 'La carte change')
    // Two choices, creating chosen as the page opens: a NEWS campaign always has its news item.
    const modes = screen.getByRole('group', { name: 'News item of the campaign' })
    expect(
      within(modes)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Create a news item from this campaign', 'Link an existing news item'])
    expect(screen.getByLabelText('Create a news item from this campaign')).toBeChecked()
    // The franchise's today (Europe/Paris) and six days after.
    expect(screen.getByLabelText('News from')).toHaveValue('2026-11-25')
    expect(screen.getByLabelText('News until')).toHaveValue('2026-12-01')
    expect(screen.getByText("The news item takes the campaign's title and message.")).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText('News until'), { target: { value: '2026-11-20' } })
    await user.click(next())
    await waitFor(() =>
      expect(screen.getByLabelText('News until')).toHaveAccessibleErrorMessage(
        'The end must not be before the start.',
      ),
    )
    fireEvent.change(screen.getByLabelText('News until'), { target: { value: '2026-11-30' } })
    const dialog = await validateAndConfirm(user)
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many offers would run at once')
    expect(backend.save.mock.calls[0]![0].body).toMatchObject({
      content: 'NEWS',
      newsId: null,
      isNewsDifferentFromCampaign: false,
      news: { startDate: '2026-11-25', endDate: '2026-11-30' },
    })
    expect(location.history.at(-1)).toBe('/pages/campaign/new')
  })

  it('links one of the franchise’s current news items, required once chosen', async () => {
    const item = (id: string, name: string, status: 'published' | 'expired') => ({
      id,
      name,
      startDate: '2026-11-01',
      endDate: '2026-12-31',
      storeIds: [],
      status,
    })
    const { user, backend } = setup({
      news: [
        item('55555555-5555-4555-8555-000000000001', 'Brunch du dimanche', 'published'),
        item('55555555-5555-4555-8555-000000000002', 'Ancienne carte', 'expired'),
      ],
    })
    await toContent(user)
    await user.type(screen.getByLabelText('Message'), 'Le brunch revient')
    await user.click(screen.getByLabelText('Link an existing news item'))
    const select = screen.getByRole('combobox', { name: 'News item' })
    // An ended item is not offered.
    expect(within(select).queryByRole('option', { name: /Ancienne carte/ })).not.toBeInTheDocument()
    await user.click(next())
    await waitFor(() => expect(select).toHaveAccessibleDescription('Required.'))
    await user.selectOptions(select, within(select).getByRole('option', { name: /Brunch du dimanche/ }))
    await validateAndConfirm(user)
    await waitFor(() => expect(backend.save).toHaveBeenCalledTimes(1))
    expect(backend.save.mock.calls[0]![0].body).toMatchObject({
      newsId: '55555555-5555-4555-8555-000000000001',
    })
    expect(backend.save.mock.calls[0]![0].body.news).toBeUndefined()
  })
})
