import type { Meta, StoryObj } from '@storybook/react-vite'
import {
  type CampaignEditorContext,
  campaignEditorMachine,
} from '../../machines/campaign-editor/campaign-editor.machine'
import { toCampaignEditorView } from '../../machines/campaign-editor/campaign-editor.view'
import { type CampaignDraft, EMPTY_DRAFT, EMPTY_FILTERS } from '../../src/domain/campaign-draft'
import { CampaignEditorPage } from '../../src/features/campaigns/CampaignEditorPage'
import { FRANCHISE, SENT, USER } from '../../tests/support/campaign-screens'

const NOW = new Date('2026-11-25T09:00:00Z')
const DRAFT: CampaignDraft = {
  ...EMPTY_DRAFT,
  name: 'Soldes d’hiver',
  filters: { ...EMPTY_FILTERS, minLoyaltyPoints: '50', clientsTypes: ['REGULAR_CUSTOMER'] },
  content: 'COUPON_PERCENT',
  coupon: {
    value: '15',
    header: '15 % sur tout',
    productDescription: '',
    termsOfUse: 'Hors promotions',
    validityValue: '2',
    validityUnit: 'weeks',
  },
  message: 'Les soldes commencent samedi : 15 % sur tout le magasin.',
  link: 'https://maison-dupont.test/soldes',
  schedule: { mode: 'later', date: '2026-12-05', hour: '10:00', endDate: '' },
}
const base: CampaignEditorContext = {
  franchiseId: FRANCHISE,
  userId: USER,
  campaignId: null,
  timezone: 'Europe/Paris',
  currencyCode: 'EUR',
  countryAlpha3: 'FRA',
  publicUrl: 'https://app.loyalty.test',
  isSubscribed: true,
  stores: [
    { id: '44444444-4444-4444-8444-000000000001', name: 'Paris Marais' },
    { id: '44444444-4444-4444-8444-000000000002', name: 'Lyon Presqu’île' },
  ],
  now: () => NOW,
  senderId: 'MAISON',
  original: null,
  draft: DRAFT,
  shown: [],
  audience: { nbUsers: 184, totalPrice: 14.72, unitPrice: 0.08 },
  audienceRequest: 3,
  imageUrl: null,
  saveError: null,
  saved: null,
  leaveTo: null,
  quiet: { smsQuietDays: true, publicHolidays: ['2026-12-25', '2027-01-01'] },
  newsChoices: [
    {
      id: '55555555-5555-4555-8555-000000000001',
      name: 'La carte d’hiver',
      startDate: '2026-12-01',
      endDate: '2027-02-28',
      storeIds: [],
      status: 'upcoming',
    },
    {
      id: '55555555-5555-4555-8555-000000000002',
      name: 'Brunch du dimanche',
      startDate: '2026-11-01',
      endDate: '2026-12-31',
      storeIds: [],
      status: 'published',
    },
  ],
}

type Step = 'target' | 'content' | 'date' | { preview: string }
function at(step: Step, over: Partial<CampaignEditorContext> = {}, audience = 'ready', leave = 'idle') {
  const context = { ...base, ...over }
  const value = { editing: { step, audience, leave, unsaved: 'dirty' } }
  return toCampaignEditorView(campaignEditorMachine.resolveState({ value, context }))
}

const meta = {
  title: 'Pages/Campaigns/Editor',
  component: CampaignEditorPage,
  parameters: { layout: 'padded' },
  args: { view: at('target'), send: () => {} },
} satisfies Meta<typeof CampaignEditorPage>

export default meta
type Story = StoryObj<typeof meta>

export const Loading: Story = {
  args: {
    view: toCampaignEditorView(campaignEditorMachine.resolveState({ value: 'loading', context: base })),
  },
}
export const Target: Story = {}
export const TargetCounting: Story = { args: { view: at('target', {}, 'counting') } }
export const TargetNoUser: Story = { args: { view: at('target', { audience: null }, 'empty') } }
export const TargetAudienceFailed: Story = { args: { view: at('target', { audience: null }, 'failed') } }
/** §5: the rules of src/domain shown on their fields once "next" was tried. */
export const TargetRuleErrors: Story = {
  args: {
    view: at(
      'target',
      {
        draft: {
          ...DRAFT,
          name: '',
          filters: { ...DRAFT.filters, minAge: '40', maxAge: '30', startPassageDate: '2026-11-01' },
        },
        shown: ['target'],
        audience: null,
      },
      'invalid',
    ),
  },
}
export const TargetNoSenderId: Story = { args: { view: at('target', { senderId: null }) } }
export const TargetNoSubscription: Story = { args: { view: at('target', { isSubscribed: false }) } }
export const Content: Story = { args: { view: at('content') } }
/** A character outside the SMS alphabet (ê) drops the limit to 70; an emoji is refused. */
export const ContentSmsOffenders: Story = {
  args: {
    view: at('content', {
      draft: { ...DRAFT, message: 'Les soldes, c’est la fête 🎉 : 15 % sur tout le magasin ce samedi.' },
      shown: ['content'],
    }),
  },
}
export const ContentPush: Story = {
  args: {
    view: at('content', { draft: { ...DRAFT, channel: 'PUSH', title: 'Soldes d’hiver', content: 'NEWS' } }),
  },
}
const NEWS_DRAFT = { ...DRAFT, channel: 'PUSH' as const, title: 'La carte d’hiver', content: 'NEWS' as const }
/** A NEWS campaign creating its news item from its own title and message, for a week. */
export const ContentNewsCreate: Story = {
  args: {
    view: at('content', {
      draft: {
        ...NEWS_DRAFT,
        news: { ...NEWS_DRAFT.news, mode: 'create', startDate: '2026-12-01', endDate: '2026-12-07' },
      },
    }),
  },
}
/** …with a text of its own: the title is required. */
export const ContentNewsOwnText: Story = {
  args: {
    view: at('content', {
      draft: {
        ...NEWS_DRAFT,
        news: {
          ...NEWS_DRAFT.news,
          mode: 'create',
          ownText: true,
          startDate: '2026-12-01',
          endDate: '2026-12-07',
        },
      },
      shown: ['content'],
    }),
  },
}
/** A NEWS campaign linking one of the franchise's news items. */
export const ContentNewsLink: Story = {
  args: {
    view: at('content', {
      draft: { ...NEWS_DRAFT, news: { ...NEWS_DRAFT.news, mode: 'link', newsId: base.newsChoices[1]!.id } },
    }),
  },
}
export const ValidationNewsLimit: Story = {
  args: { view: at({ preview: 'confirming' }, { saveError: 'communication.errors.newsLimit' }) },
}
export const DateStep: Story = { args: { view: at('date') } }
export const DateOutsideWindow: Story = {
  args: {
    view: at('date', {
      draft: { ...DRAFT, schedule: { ...DRAFT.schedule, hour: '21:00' } },
      shown: ['date'],
    }),
  },
}
export const DateSentCampaign: Story = { args: { view: at('date', { campaignId: SENT.id, original: SENT }) } }
export const Preview: Story = { args: { view: at({ preview: 'reviewing' }) } }
export const ValidationDialog: Story = { args: { view: at({ preview: 'confirming' }) } }
export const ValidationSaving: Story = { args: { view: at({ preview: 'saving' }) } }
export const ValidationSenderIdError: Story = {
  args: { view: at({ preview: 'confirming' }, { saveError: 'communication.errors.senderId' }) },
}
export const ValidationSaved: Story = { args: { view: at({ preview: 'saved' }, { saved: SENT }) } }
export const LeaveConfirmation: Story = { args: { view: at('content', {}, 'ready', 'confirming') } }
