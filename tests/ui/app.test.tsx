import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { AppRoutes } from '../../src/App'
import { AppIntlProvider } from '../../src/ui/i18n/IntlProvider'

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true })
  render(
    <AppIntlProvider locale="en">
      <Router hook={location.hook}>
        <AppRoutes />
      </Router>
    </AppIntlProvider>,
  )
  return location
}

describe('App routes', () => {
  it('redirects / to /login', async () => {
    const location = renderAt('/')
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument()
    expect(location.history?.at(-1)).toBe('/login')
  })

  it('shows a not-found page with a way back to log in for unknown paths', async () => {
    const location = renderAt('/nowhere/at/all')
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('link', { name: 'Back to log in' }))
    expect(location.history?.at(-1)).toBe('/login')
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument()
  })
})
