import { screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Button } from '../../src/ui/Button'
import { ConfirmDialog, Dialog } from '../../src/ui/Dialog'
import { renderUi } from './render'

beforeEach(() => {
  // jsdom has no layout, so every element looks invisible to zag's focus trap, which then refuses
  // the requested initial focus. Give elements a size, as a browser would.
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(100)
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(20)
})

afterEach(() => {
  vi.restoreAllMocks()
})

function EditDialog() {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <Button>Edit client</Button>
      </Dialog.Trigger>
      <Dialog.Panel>
        <Dialog.Header>
          <Dialog.Title>Edit client</Dialog.Title>
          <Dialog.Description>Change the client's details.</Dialog.Description>
        </Dialog.Header>
        <Dialog.Body>
          <input aria-label="First name" />
        </Dialog.Body>
      </Dialog.Panel>
    </Dialog.Root>
  )
}

describe('Dialog', () => {
  it('opens from its trigger with the keyboard, is labelled, traps focus and closes on Escape', async () => {
    const { user } = renderUi(<EditDialog />)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    await user.tab()
    expect(screen.getByRole('button', { name: 'Edit client' })).toHaveFocus()
    await user.keyboard('{Enter}')

    const dialog = await screen.findByRole('dialog', { name: 'Edit client' })
    expect(dialog).toHaveAccessibleDescription("Change the client's details.")
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement))

    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    // Focus goes back to what opened it.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit client' })).toHaveFocus())
  })

  it('closes with its translated close button', async () => {
    const { user } = renderUi(<EditDialog />, { locale: 'fr' })
    await user.click(screen.getByRole('button', { name: 'Edit client' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Fermer la fenêtre' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })
})

// A machine-like owner: confirming starts the action; the dialog closes only when the owner says so.
function Controlled() {
  const [open, setOpen] = useState(true)
  const [loading, setLoading] = useState(false)
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      loading={loading}
      title="Delete this client?"
      onConfirm={() => setLoading(true)}
    />
  )
}

describe('ConfirmDialog', () => {
  it('asks before a destructive action: alertdialog, focus on Cancel, confirm runs the action', async () => {
    const onConfirm = vi.fn()
    const { user } = renderUi(
      <ConfirmDialog
        destructive
        title="Delete this client?"
        description="This cannot be undone."
        confirmLabel="Delete client"
        onConfirm={onConfirm}
        trigger={<Button tone="danger">Delete</Button>}
      />,
    )
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this client?' })
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.')
    // Enter right away must not destroy anything: Cancel has the focus.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus())

    await user.click(within(dialog).getByRole('button', { name: 'Delete client' }))
    expect(onConfirm).toHaveBeenCalledOnce()
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
  })

  it('cancelling with the keyboard does not run the action', async () => {
    const onConfirm = vi.fn()
    const { user } = renderUi(
      <ConfirmDialog destructive defaultOpen title="Delete this client?" onConfirm={onConfirm} />,
    )
    const dialog = await screen.findByRole('alertdialog')
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus())
    await user.keyboard('{Enter}')
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('in controlled mode stays open while the action runs and cannot be dismissed', async () => {
    const { user } = renderUi(<Controlled />)
    const dialog = await screen.findByRole('dialog', { name: 'Delete this client?' })
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' })
    expect(confirm).toHaveAttribute('aria-busy', 'true')
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled()
    await user.keyboard('{Escape}')
    expect(screen.getByRole('dialog', { name: 'Delete this client?' })).toBeInTheDocument()
  })
})
