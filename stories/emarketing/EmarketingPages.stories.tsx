// Every state of the e-marketing set-up screen and of the public landing page (issue 21), drawn from
// their machines' states. The landing page's phone step is the shared phone-code form (its own stories:
// stories/machines/PhoneCode.stories.tsx).
import type { Meta, StoryObj } from '@storybook/react-vite'
import { type EmarketingContext, emarketingMachine } from '../../machines/emarketing/emarketing.machine'
import { toEmarketingView } from '../../machines/emarketing/emarketing.view'
import { type LandingContext, landingMachine } from '../../machines/landing/landing.machine'
import { toLandingView } from '../../machines/landing/landing.view'
import { type Emarketing, formOf } from '../../src/domain/emarketing'
import { EmarketingPage } from '../../src/features/emarketing/EmarketingPage'
import { LandingPage } from '../../src/features/emarketing/LandingPage'
import { LANDING_INFO } from '../../tests/support/emarketing-fixtures'

type SetUpValue = Parameters<typeof emarketingMachine.resolveState>[0]['value']
type LandingValue = Parameters<typeof landingMachine.resolveState>[0]['value']

const DEFAULTS = {
  logo: '',
  link: 'maison-dupont',
  primaryColor: '#7c2d12',
  secondaryColor: '#f59e0b',
  tertiaryColor: '#fff7ed',
}
const SAVED: Emarketing = {
  id: '77777777-7777-4777-8777-777777777777',
  franchiseId: '11111111-1111-4111-8111-111111111111',
  logo: null,
  link: 'maison-dupont',
  primaryColor: '#7c2d12',
  secondaryColor: '#f59e0b',
  tertiaryColor: '#fff7ed',
  registrationPoints: 20,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  counts: { visits: 240, registrations: 61 },
}

function SetUp({ value, over }: { value: SetUpValue; over: Partial<EmarketingContext> }) {
  const context: EmarketingContext = {
    userId: '33333333-3333-4333-8333-333333333333',
    franchiseId: SAVED.franchiseId,
    defaults: DEFAULTS,
    entity: null,
    form: formOf(null, DEFAULTS),
    serverError: null,
    logoError: null,
    ...over,
  }
  const view = toEmarketingView(emarketingMachine.resolveState({ value, context }), 'https://app.example')
  return <EmarketingPage view={view} send={() => {}} franchiseName="Maison Dupont" />
}

function Landing({ value, over }: { value: LandingValue; over: Partial<LandingContext> }) {
  const context: LandingContext = {
    slug: LANDING_INFO.link,
    language: 'en',
    info: LANDING_INFO,
    values: {},
    email: '',
    consent: false,
    showErrors: false,
    touched: [],
    phone: null,
    proof: null,
    attemptKey: 'story',
    result: null,
    error: null,
    ...over,
  }
  return <LandingPage view={toLandingView(landingMachine.resolveState({ value, context }))} send={() => {}} />
}

const meta = {
  title: 'Pages/E-marketing',
  component: SetUp,
  args: { value: { editing: 'idle' }, over: {} },
} satisfies Meta<typeof SetUp>
export default meta
type Story = StoryObj<typeof meta>

export const SetUpLoading: Story = { args: { value: 'loading' } }
export const SetUpNotYet: Story = {}
export const SetUpPointsInvalid: Story = {
  args: { over: { form: { ...formOf(null, DEFAULTS), registrationPoints: '0' } } },
}
export const SetUpLinkTaken: Story = {
  args: { over: { serverError: { field: 'link', key: 'emarketing.errors.linkTaken' } } },
}
export const SetUpSaving: Story = { args: { value: { editing: 'saving' } } }
export const SetUpSaveFailed: Story = {
  args: { over: { serverError: { field: null, key: 'emarketing.errors.save' } } },
}
export const SetUpDone: Story = { args: { over: { entity: SAVED, form: formOf(SAVED, DEFAULTS) } } }
export const SetUpLoadFailed: Story = { args: { value: 'failed' } }

type LandingStory = StoryObj<typeof Landing>
export const LandingLoading: LandingStory = {
  render: () => <Landing value="loading" over={{ info: null }} />,
}
export const LandingForm: LandingStory = { render: () => <Landing value="filling" over={{}} /> }
export const LandingFormErrors: LandingStory = {
  render: () => <Landing value="filling" over={{ showErrors: true, email: 'not-an-address' }} />,
}
export const LandingRegistered: LandingStory = {
  render: () => (
    <Landing
      value="registered"
      over={{ result: { clientId: 'c1', points: 20, balance: 20, firstName: 'Inès' } }}
    />
  ),
}
export const LandingAlreadyClient: LandingStory = {
  render: () => <Landing value="alreadyClient" over={{}} />,
}
export const LandingNotFound: LandingStory = {
  render: () => <Landing value="notFound" over={{ info: null }} />,
}
export const LandingFailed: LandingStory = { render: () => <Landing value="failed" over={{ info: null }} /> }
