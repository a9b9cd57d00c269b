import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.tsx'

// In development the app starts the mock in its own service worker; a production build leaves it out.
if (import.meta.env.DEV) {
  const { startMock } = await import('./start-mock.ts')
  await startMock()
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
