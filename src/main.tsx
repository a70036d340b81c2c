import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './index.css'
import { App } from './App'
import { detectLocale } from './ui/i18n/IntlProvider'

const container = document.getElementById('root')
if (!container) throw new Error('index.html must contain <div id="root">')

// Decided once at start-up (the stored choice will come from the settings machine); <html lang>
// follows so screen readers pronounce the interface in the right language.
const locale = detectLocale()
document.documentElement.lang = locale

createRoot(container).render(
  <StrictMode>
    <App locale={locale} />
  </StrictMode>,
)
