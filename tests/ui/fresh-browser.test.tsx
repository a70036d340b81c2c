// The ui project shares one jsdom per worker across files (isolate: false, vite.config.ts), so what a
// test leaves in local storage or on <html> would reach the next test, or another file's: a stored
// French choice once turned a later file's English toolbar French (CI, auth-reset-password). The setup
// gives every test a fresh browser; these two tests run in order and fail without it.
import { describe, expect, it } from 'vitest'
import { STORAGE_KEYS } from '../../src/api/storage'

describe('every ui test opens a fresh browser', () => {
  it('may leave a language, a theme and <html> attributes behind', () => {
    localStorage.setItem(STORAGE_KEYS.language, 'fr')
    localStorage.setItem(STORAGE_KEYS.theme, 'dark')
    document.documentElement.setAttribute('lang', 'fr')
    document.documentElement.setAttribute('data-theme', 'dark')
  })

  it('finds none of it in the next test', () => {
    expect(localStorage.length).toBe(0)
    expect(document.documentElement.getAttribute('lang')).toBeNull()
    expect(document.documentElement.getAttribute('data-theme')).toBeNull()
  })
})
