import { describe, expect, it } from 'vitest'
import { onPrefilledService, prefillService, serviceForCategory, takePrefilledService } from './contact-prefill'

describe('contact prefill', () => {
  it('maps portfolio categories to the form services', () => {
    expect(serviceForCategory('curtains')).toBe('curtains')
    expect(serviceForCategory('furniture-covers')).toBe('furniture-covers')
    expect(serviceForCategory('weird')).toBe('other')
    expect(serviceForCategory(null)).toBe('other')
  })

  it('hands a service over once, and tells a mounted form at once', () => {
    const heard: string[] = []
    const stop = onPrefilledService((s) => heard.push(s))
    prefillService('blinds')
    stop()
    expect(heard).toEqual(['blinds'])
    expect(takePrefilledService()).toBe('blinds')
    expect(takePrefilledService()).toBeNull()
  })
})
