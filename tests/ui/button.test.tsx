import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { Button } from '../../src/ui/Button'
import { renderUi } from './render'

describe('Button', () => {
  it('is a real button that never submits a form by accident', async () => {
    const onClick = vi.fn()
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault())
    const { user } = renderUi(
      <form onSubmit={onSubmit}>
        <Button onClick={onClick}>Save</Button>
      </form>,
    )
    const button = screen.getByRole('button', { name: 'Save' })
    expect(button).toHaveAttribute('type', 'button')
    await user.click(button)
    expect(onClick).toHaveBeenCalledOnce()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('can be reached and pressed with the keyboard', async () => {
    const onClick = vi.fn()
    const { user } = renderUi(<Button onClick={onClick}>Save</Button>)
    await user.tab()
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus()
    await user.keyboard('{Enter}')
    await user.keyboard(' ')
    expect(onClick).toHaveBeenCalledTimes(2)
  })

  it('applies the variant and size recipes', () => {
    renderUi(
      <>
        <Button variant="outline" size="sm">
          Outline
        </Button>
        <Button variant="ghost" tone="danger">
          Ghost
        </Button>
      </>,
    )
    expect(screen.getByRole('button', { name: 'Outline' }).className).toMatch(/button--variant_outline/)
    expect(screen.getByRole('button', { name: 'Outline' }).className).toMatch(/button--size_sm/)
    expect(screen.getByRole('button', { name: 'Ghost' }).className).toMatch(/button--tone_danger/)
  })

  it('while loading: keeps its name, is busy and cannot be clicked', async () => {
    const onClick = vi.fn()
    const { user } = renderUi(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    )
    const button = screen.getByRole('button', { name: 'Save' })
    expect(button).toHaveAttribute('aria-busy', 'true')
    expect(button).toBeDisabled()
    await user.click(button)
    expect(onClick).not.toHaveBeenCalled()
  })

  it('is not busy when idle', () => {
    renderUi(<Button>Save</Button>)
    expect(screen.getByRole('button', { name: 'Save' })).not.toHaveAttribute('aria-busy')
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled()
  })
})
