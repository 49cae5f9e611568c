// Shared vitest setup: unmount rendered trees and forget cached reads between tests
// (no vitest globals here).
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { resetBelowFold } from '@/lib/below-fold'
import { resetQueryCache } from '@/lib/use-query'

afterEach(() => {
  cleanup()
  resetQueryCache()
  resetBelowFold()
})
