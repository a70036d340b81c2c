// The shared audience filters (src/ui/AudienceFilters, the campaign and automation editors' fields)
// through their stories: each renders, the rules' errors are worded on their fields, and the example
// edits with the domain's functions.
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import * as stories from '../../stories/AudienceFilters.stories'
import { renderUi } from './render'

const Filters = stories.default.component

describe('audience filters', () => {
  it('renders the filled values', () => {
    renderUi(<Filters {...stories.default.args} {...stories.Filled.args} />)
    expect(within(screen.getByRole('group', { name: 'Age' })).getByLabelText('Min')).toHaveValue('25')
    expect(within(screen.getByRole('group', { name: 'Client type' })).getByLabelText('Regular')).toBeChecked()
    expect(screen.getByLabelText('Gender')).toHaveValue('women')
  })

  it('words each rule’s error on its field', () => {
    renderUi(<Filters {...stories.default.args} {...stories.WithErrors.args} />)
    const min = (group: string) => within(screen.getByRole('group', { name: group })).getByLabelText('Min')
    expect(min('Age')).toHaveAccessibleErrorMessage(
      /^The minimum \(\d+\) must not be above the maximum \(\d+\)\.$/,
    )
    expect(min('Points balance')).toHaveAccessibleErrorMessage('Must not be negative.')
    expect(min('Average basket')).toHaveAccessibleErrorMessage('Enter a number.')
    expect(screen.getByLabelText('From')).toHaveAccessibleErrorMessage(
      'Give both the start and the end of the visit period.',
    )
    expect(screen.getByLabelText('Within (km)')).toHaveAccessibleErrorMessage(
      'Enter a distance above 0 and up to 200 km.',
    )
  })

  it('edits as the editors do (the example)', async () => {
    const { user } = renderUi(stories.Interactive.render!({}, {} as never))
    const age = within(screen.getByRole('group', { name: 'Age' }))
    await user.type(age.getByLabelText('Min'), '40')
    await user.type(age.getByLabelText('Max'), '25')
    expect(age.getByLabelText('Min')).toHaveAccessibleErrorMessage(
      /^The minimum \(\d+\) must not be above the maximum \(\d+\)\.$/,
    )
    const regular = within(screen.getByRole('group', { name: 'Client type' })).getByLabelText('Regular')
    await user.click(regular)
    expect(regular).toBeChecked()
  })
})
