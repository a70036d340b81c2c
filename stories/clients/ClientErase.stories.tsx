import type { Meta, StoryObj } from '@storybook/react-vite'
import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { type ClientEraseContext, clientEraseMachine } from '../../machines/client-erase/client-erase.machine'
import { toClientEraseView } from '../../machines/client-erase/client-erase.view'
import { ClientGdprSection } from '../../src/features/clients/ClientGdpr'
import { notify } from '../../src/ui/Toast'
import { fakeClientMachines } from '../../tests/support/client-machines'
import { clientId, createClientsBackend, FRANCHISE_ID } from '../../tests/support/clients-backend'

const CLIENT = clientId(11)
const NAME = 'Camille Garcia'

/** The section as the machine draws it in one of its states. */
function at(
  value: 'idle' | 'confirming' | 'erasing' | 'failed' | 'done',
  over: Partial<ClientEraseContext> = {},
) {
  const context: ClientEraseContext = {
    franchiseId: FRANCHISE_ID,
    clientId: CLIENT,
    mayErase: true,
    error: null,
    ...over,
  }
  return toClientEraseView(clientEraseMachine.resolveState({ value, context }))
}

const meta = {
  title: 'Clients/Erase (GDPR)',
  component: ClientGdprSection,
  args: { franchiseId: FRANCHISE_ID, clientId: CLIENT, name: NAME, view: at('idle'), send: () => {} },
} satisfies Meta<typeof ClientGdprSection>

export default meta
type Story = StoryObj<typeof meta>

/** The two downloads and "Erase this client". */
export const Idle: Story = {}

/** A caller who may not erase sees only the downloads. */
export const NotOffered: Story = { args: { view: at('idle', { mayErase: false }) } }

/** The confirmation: what is kept (anonymous) and what is removed. */
export const Confirming: Story = { args: { view: at('confirming') } }

/** The erasure running: the dialog cannot be closed. */
export const Erasing: Story = { args: { view: at('erasing') } }

/** A store owner refused a client other stores share. */
export const FailedShared: Story = {
  args: { view: at('failed', { error: 'gdpr.erase.errors.shared' }) },
}

/** Any other failure, with a retry. */
export const Failed: Story = { args: { view: at('failed', { error: 'gdpr.erase.errors.failed' }) } }

/** Erased: the app has gone back to the list (the section is no longer on screen). */
export const Done: Story = { args: { view: at('done') } }

/** The real machine on the in-memory client base that answers in 600 ms. */
export const Interactive: Story = {
  render: function Render() {
    const [logic] = useState(() => fakeClientMachines(createClientsBackend(), { latency: 600 }))
    const actor = useActorRef(
      logic.clientErase.provide({
        actions: {
          notify: (_, p: { level: 'success' | 'error'; id: string }) => notify[p.level](p.id as never),
        },
      }),
      { input: { franchiseId: FRANCHISE_ID, clientId: CLIENT, mayErase: true } },
    )
    const view = useSelector(actor, toClientEraseView)
    return (
      <ClientGdprSection
        franchiseId={FRANCHISE_ID}
        clientId={CLIENT}
        name={NAME}
        view={view}
        send={actor.send}
      />
    )
  },
}
