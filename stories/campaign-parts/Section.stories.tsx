import type { Meta, StoryObj } from '@storybook/react-vite'
import { Input, Radios, Section } from '../../src/ui/campaign-parts'
import { useT } from '../../src/ui/i18n/t'

// A step of the campaign editor: its titled box around the step's fields.
function TargetSection() {
  const say = useT()
  return (
    <Section title={say('communication.steps.target')}>
      <Input label={say('communication.fields.name')} value="Soldes d’hiver" onChange={() => {}} />
      <Radios
        legend={say('communication.fields.channel')}
        name="channel"
        value="SMS"
        options={[
          { value: 'SMS', label: say('communication.channel.sms') },
          { value: 'PUSH', label: say('communication.channel.push') },
        ]}
        onChange={() => {}}
      />
    </Section>
  )
}

const meta = {
  title: 'Design system/Campaign parts/Section',
  component: TargetSection,
} satisfies Meta<typeof TargetSection>

export default meta
type Story = StoryObj<typeof meta>

export const WithFields: Story = {}
