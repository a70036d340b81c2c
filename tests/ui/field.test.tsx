import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { TextField } from '../../src/ui/Field'
import { renderUi } from './render'

describe('Field', () => {
  it('labels the input and describes it with the helper text', async () => {
    const { user } = renderUi(<TextField label="E-mail" helperText="We never share it." />)
    const input = screen.getByRole('textbox', { name: 'E-mail' })
    expect(input).toHaveAccessibleDescription('We never share it.')
    await user.type(input, 'marie@example.com')
    expect(input).toHaveValue('marie@example.com')
  })

  it('focuses the input when its label is clicked', async () => {
    const { user } = renderUi(<TextField label="E-mail" />)
    await user.click(screen.getByText('E-mail'))
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveFocus()
  })

  it('shows and announces the error text only when invalid', async () => {
    const { rerender } = renderUi(<TextField label="E-mail" errorText="Too short" />)
    expect(screen.getByRole('textbox', { name: 'E-mail' })).not.toBeInvalid()
    expect(screen.queryByText('Too short')).not.toBeInTheDocument()

    rerender(<TextField label="E-mail" errorText="Too short" invalid />)
    const input = screen.getByRole('textbox', { name: 'E-mail' })
    expect(input).toBeInvalid()
    // Ark links the error text (aria-errormessage) once it has seen it appear, hence the wait.
    await waitFor(() => expect(input).toHaveAccessibleErrorMessage('Too short'))
  })

  it('marks required and disabled inputs', () => {
    renderUi(
      <>
        <TextField label="Name" required />
        <TextField label="Store" disabled />
      </>,
    )
    expect(screen.getByRole('textbox', { name: /Name/ })).toBeRequired()
    expect(screen.getByRole('textbox', { name: 'Store' })).toBeDisabled()
  })
})
