// Shared vitest setup: unmount rendered trees and forget cached reads between tests
// (no vitest globals here).
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { resetFirstScreen } from '@/features/media/first-screen'
import { resetInlinedData } from '@/lib/page-data'
import { resetQueryCache } from '@/lib/use-query'

afterEach(() => {
  cleanup()
  resetQueryCache()
  resetInlinedData()
  resetFirstScreen()
  // Forms keep drafts there (the contact form); each test starts with none.
  sessionStorage.clear()
})
