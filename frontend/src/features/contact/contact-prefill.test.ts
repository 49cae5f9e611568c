import { describe, expect, it } from 'vitest'
import { onPrefilledService, prefillService, serviceForCategory, takePrefilledService } from './contact-prefill'

describe('contact prefill', () => {
  it('maps portfolio categories to the form services', () => {
    const choices = ['Custom Curtains', 'Window Blinds', 'Furniture Covers', 'Other']
    expect(serviceForCategory('curtains', choices)).toBe('Custom Curtains')
    expect(serviceForCategory('blinds', choices)).toBe('Window Blinds')
    expect(serviceForCategory('furniture-covers', choices)).toBe('Furniture Covers')
    expect(serviceForCategory('weird', choices)).toBe('Other')
    expect(serviceForCategory(null, choices)).toBe('Other')
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
