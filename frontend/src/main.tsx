import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { AppRouter } from './app/router'
import { LoadBoundary } from './components/ui/load-boundary'
import './index.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html is missing the #root element')

createRoot(root).render(
  <StrictMode>
    {/* The last net: whatever breaks, the page says so and offers Try again, never goes white. */}
    <LoadBoundary variant="page">
      <AppRouter />
    </LoadBoundary>
  </StrictMode>,
)
