// Every per-state story of the game history, detail and play pages renders the state it names
// (stories/games; issue 22).
import { screen, within } from '@testing-library/react'
import type { ComponentType } from 'react'
import { describe, expect, it } from 'vitest'
import * as detail from '../../stories/games/GameDetail.stories'
import * as history from '../../stories/games/GameHistory.stories'
import * as play from '../../stories/games/GamePlay.stories'
import { renderUi } from './render'

type StoryModule = { default: { component: ComponentType<never>; args: object } } & Record<string, unknown>

function render(module: StoryModule, name: string) {
  const story = module[name] as { args?: object }
  const Component = module.default.component as ComponentType<object>
  return renderUi(<Component {...module.default.args} {...story.args} />)
}
const names = (m: StoryModule) => Object.keys(m).filter((k) => k !== 'default')

describe('game stories', () => {
  it.each(names(history as never))('renders the history %s story', (name) => {
    const { unmount } = render(history as never, name)
    expect(screen.getByRole('heading', { level: 1, name: 'Games' })).toBeInTheDocument()
    if (name === 'Ready') expect(screen.getByText('Roue de Noël')).toBeInTheDocument()
    if (name === 'Failed') expect(screen.getByRole('alert')).toBeInTheDocument()
    unmount()
  })

  it.each(names(detail as never))('renders the detail %s story', (name) => {
    const { unmount } = render(detail as never, name)
    if (name === 'Ready')
      expect(screen.getByRole('heading', { level: 1, name: 'Roue de Noël' })).toBeInTheDocument()
    if (name.endsWith('Failed')) expect(screen.getByRole('alert')).toBeInTheDocument()
    unmount()
  })

  it('gives each store its play link as a whole address with a QR code and its downloads', () => {
    const { unmount } = render(detail as never, 'Ready')
    const links = screen.getByRole('region', { name: 'Play links' })
    const codes = within(links).getAllByRole('img', { name: /^QR code of the game in / })
    expect(codes.length).toBeGreaterThan(0)
    for (const code of codes) {
      const url = code.getAttribute('data-qr-text')!
      expect(url).toMatch(/^https:\/\/app\.example\/game\//)
      expect(within(links).getByRole('link', { name: url })).toHaveAttribute('href', url)
    }
    expect(within(links).getAllByRole('button', { name: 'Download PNG' })).toHaveLength(codes.length)
    expect(within(links).getAllByRole('button', { name: 'Download SVG' })).toHaveLength(codes.length)
    unmount()
  })

  it.each(names(play as never))('renders the play %s story', (name) => {
    const { container, unmount } = render(play as never, name)
    expect(container.textContent?.length).toBeGreaterThan(0)
    if (name === 'Won') expect(container).toHaveTextContent('Café')
    unmount()
  })
})
