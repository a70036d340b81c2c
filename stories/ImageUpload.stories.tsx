import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { useIntl } from 'react-intl'
import { fn } from 'storybook/test'
import { css } from 'styled-system/css'
import { ImageUpload, type ImageUploadProps } from '../src/ui/ImageUpload'

// Drawn inline so that no story needs the network.
const picture = (text: string, width: number, height: number, colour: string) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${colour}"/><text x="50%" y="55%" font-family="sans-serif" font-size="${height / 4}" fill="white" text-anchor="middle">${text}</text></svg>`,
  )}`
const LOGO = picture('MD', 96, 96, '#4c43ea')
const SHOPFRONT = picture('Maison Dupont', 320, 160, '#b45309')

function Frame(props: Partial<ImageUploadProps>) {
  return (
    <div className={css({ maxW: 'md' })}>
      <ImageUpload label="Logo" value={null} onSelect={fn()} onRemove={fn()} {...props} />
    </div>
  )
}

const meta = {
  title: 'Design system/ImageUpload',
  component: Frame,
  args: { onSelect: fn(), onRemove: fn() },
} satisfies Meta<typeof Frame>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}

export const WithImage: Story = { args: { value: LOGO, alt: 'Logo of Maison Dupont' } }

export const WidePicture: Story = {
  args: { label: 'Picture', value: SHOPFRONT, shape: 'wide', alt: 'Shop front of Maison Dupont' },
}

export const Uploading: Story = { args: { value: LOGO, uploading: true } }

export const UploadFailed: Story = {
  render: (args) => {
    const intl = useIntl()
    return <Frame {...args} error={intl.formatMessage({ id: 'ui.imageUpload.errors.failed' })} />
  },
}

export const Disabled: Story = { args: { value: LOGO, disabled: true } }

export const WithoutHint: Story = { args: { helperText: null } }

/** Choose a real file: it shows after a pretend one-second upload (what a screen's machine does). */
export const Interactive: Story = {
  render: () => {
    const [value, setValue] = useState<string | null>(null)
    const [uploading, setUploading] = useState(false)
    return (
      <Frame
        value={value}
        uploading={uploading}
        onSelect={(file) => {
          setUploading(true)
          setTimeout(() => {
            setValue(URL.createObjectURL(file))
            setUploading(false)
          }, 1000)
        }}
        onRemove={() => setValue(null)}
      />
    )
  },
}
