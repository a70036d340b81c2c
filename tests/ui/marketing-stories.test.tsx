// Every state of the automation and e-marketing pages as their stories show it renders
// (stories/marketing/AutomationPages, stories/emarketing/EmarketingPages), and what some must say.
import { screen, within } from '@testing-library/react'
import type { ComponentType, ReactElement } from 'react'
import { describe, expect, it } from 'vitest'
import * as emarketing from '../../stories/emarketing/EmarketingPages.stories'
import * as automations from '../../stories/marketing/AutomationPages.stories'
import { renderUi } from './render'

type Story = { args?: Record<string, unknown>; render?: () => ReactElement }
type StoryModule = Record<string, Story> & {
  default: { component: ComponentType<never>; args: Record<string, unknown> }
}
function renderStory(module: unknown, name: string) {
  const m = module as StoryModule
  const story = m[name]!
  if (story.render) return renderUi(story.render())
  const Component = m.default.component as ComponentType<Record<string, unknown>>
  return renderUi(<Component {...m.default.args} {...(story.args ?? {})} />)
}
const names = (module: object) => Object.keys(module).filter((k) => k !== 'default')

describe('marketing pages: every story renders', () => {
  it.each([
    ...names(automations).map((n) => ['automations', n, automations] as const),
    ...names(emarketing).map((n) => ['e-marketing', n, emarketing] as const),
  ])('%s %s', (_area, name, module) => {
    const { unmount } = renderStory(module, name as string)
    unmount()
  })
})

describe('marketing pages: what some states say', () => {
  it('a refused switch says so above the cards', () => {
    renderStory(automations, 'ListToggleRefused')
    expect(screen.getByRole('alert')).toHaveTextContent('The automation could not be switched.')
  })

  it('the editor shows its rules’ errors in words', () => {
    renderStory(automations, 'EditorErrorsShown')
    expect(screen.getByText('A percentage from 0 to 100')).toBeInTheDocument()
    expect(screen.getAllByText('Required').length).toBeGreaterThan(0)
  })

  it('the editor shows the audience filters’ rules on their fields', () => {
    renderStory(automations, 'EditorFilterErrors')
    const age = within(screen.getByRole('group', { name: 'Age' }))
    expect(age.getByLabelText('Min')).toHaveAccessibleErrorMessage(
      /^The minimum \(\d+\) must not be above the maximum \(\d+\)\.$/,
    )
    expect(within(screen.getByRole('group', { name: 'Client type' })).getByLabelText('Regular')).toBeChecked()
  })

  it('the editor asks before leaving with changes', () => {
    renderStory(automations, 'EditorConfirmingLeave')
    expect(screen.getByRole('dialog', { name: 'Unsaved changes' })).toBeInTheDocument()
  })

  it('the set-up screen names a taken link, and once set up shows the link and its results', () => {
    const first = renderStory(emarketing, 'SetUpLinkTaken')
    expect(screen.getByText('This link is already taken.')).toBeInTheDocument()
    first.unmount()
    renderStory(emarketing, 'SetUpDone')
    expect(screen.getByRole('link', { name: 'https://app.example/e/maison-dupont' })).toBeInTheDocument()
    expect(screen.getByText('25%')).toBeInTheDocument()
  })

  it('the landing page marks the required fields once the customer tried to go on', () => {
    renderStory(emarketing, 'LandingFormErrors')
    expect(screen.getByRole('textbox', { name: /^Favourite bakery/ })).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('Enter a valid e-mail address.')).toBeInTheDocument()
  })

  it('the landing page welcomes a new client with the points', () => {
    renderStory(emarketing, 'LandingRegistered')
    expect(screen.getByText('Welcome, Inès!')).toBeInTheDocument()
    expect(screen.getByText('+20 points')).toBeInTheDocument()
  })
})
