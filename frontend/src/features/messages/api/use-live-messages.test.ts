import { renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useLiveMessages } from './use-live-messages'

type Status = 'SUBSCRIBED' | 'CHANNEL_ERROR' | 'TIMED_OUT' | 'CLOSED'

const channel = vi.hoisted(() => {
  const state: { onChange?: () => void; onStatus?: (status: Status) => void } = {}
  const api = {
    on: (_type: string, _filter: unknown, listener: () => void) => {
      state.onChange = listener
      return api
    },
    subscribe: (listener: (status: Status) => void) => {
      state.onStatus = listener
      return api
    },
  }
  return { state, api }
})

vi.mock('@/lib/supabase', () => ({
  supabase: { channel: () => channel.api, removeChannel: vi.fn(async () => 'ok') },
}))

describe('useLiveMessages', () => {
  it('reads the inbox again on each change and each time the channel (re)subscribes', () => {
    const refetch = vi.fn(async () => {})
    renderHook(() => useLiveMessages(refetch))
    expect(refetch).not.toHaveBeenCalled()

    // An enquiry stored before the channel was subscribed sends no change: the read on
    // subscribing is what shows it.
    channel.state.onStatus?.('SUBSCRIBED')
    expect(refetch).toHaveBeenCalledTimes(1)

    channel.state.onChange?.()
    expect(refetch).toHaveBeenCalledTimes(2)

    channel.state.onStatus?.('CHANNEL_ERROR')
    expect(refetch).toHaveBeenCalledTimes(2)
    channel.state.onStatus?.('SUBSCRIBED')
    expect(refetch).toHaveBeenCalledTimes(3)
  })
})
