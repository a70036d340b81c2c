import type { Meta, StoryObj } from '@storybook/react-vite'
import { webhooksMachine } from '../../machines/webhooks/webhooks.machine'
import { MachineDiagram } from '../support/MachineDiagram'

const meta = {
  title: 'Machines/Webhooks',
  component: MachineDiagram,
  args: {
    machine: webhooksMachine,
    description:
      'The webhooks panel of the Franchise page (issue 23): loads the endpoints (a failure offers a retry); adds or edits one (only a valid form is saved; the server’s refusal of the URL is shown in the form); a creation or a rotation shows the secret once; deleting and rotating ask first; enable/disable; "send test event" opens the endpoint’s delivery log, which is read again every 2 s while a delivery is pending or retrying.',
  },
} satisfies Meta<typeof MachineDiagram>

export default meta
type Story = StoryObj<typeof meta>

/** Drawn from the machine itself (xstate/graph → Mermaid), offline. */
export const Diagram: Story = {}
