// Shared vitest setup: unmount rendered trees between tests (no vitest globals here).
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => {
  cleanup()
})
