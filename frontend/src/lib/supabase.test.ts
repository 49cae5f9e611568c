import { describe, expect, it } from 'vitest'
import { resolveSupabaseConfig, type ConfigWindow } from './supabase'

const origin = 'http://shop.example:8080'

function win(injected?: ConfigWindow['__PLEAT_CONFIG__']): ConfigWindow {
  return { __PLEAT_CONFIG__: injected, location: { origin } }
}

describe('resolveSupabaseConfig', () => {
  it('prefers the config injected by the server over the Vite env', () => {
    const config = resolveSupabaseConfig(win({ url: 'http://api.example:9000', anonKey: 'injected-key' }), {
      VITE_SUPABASE_URL: 'http://env.example',
      VITE_SUPABASE_ANON_KEY: 'env-key',
    })
    expect(config).toEqual({ url: 'http://api.example:9000', anonKey: 'injected-key' })
  })

  it('falls back to the Vite env when nothing is injected', () => {
    const config = resolveSupabaseConfig(win(), {
      VITE_SUPABASE_URL: 'http://env.example',
      VITE_SUPABASE_ANON_KEY: 'env-key',
    })
    expect(config).toEqual({ url: 'http://env.example', anonKey: 'env-key' })
  })

  it('falls back per field, treating blank values as missing', () => {
    const config = resolveSupabaseConfig(win({ url: '  ', anonKey: 'injected-key' }), {
      VITE_SUPABASE_URL: 'http://env.example',
    })
    expect(config).toEqual({ url: 'http://env.example', anonKey: 'injected-key' })
  })

  it('uses the page origin when no URL is configured', () => {
    const config = resolveSupabaseConfig(win(), { VITE_SUPABASE_ANON_KEY: 'env-key' })
    expect(config).toEqual({ url: origin, anonKey: 'env-key' })
  })

  it('throws a clear error when no anon key can be found', () => {
    expect(() => resolveSupabaseConfig(win({ url: 'http://api.example' }), {})).toThrow(
      /anon key not found.*__PLEAT_CONFIG__.*VITE_SUPABASE_ANON_KEY/,
    )
    expect(() => resolveSupabaseConfig(undefined, {})).toThrow(Error)
  })
})
