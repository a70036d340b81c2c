import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './index.css'
import { App } from './App'

const container = document.getElementById('root')
if (!container) throw new Error('index.html must contain <div id="root">')

// The language, theme and direction come from the preferences actor (stored choice, then the
// browser's language); it sets <html lang>, dir and the theme itself.
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
