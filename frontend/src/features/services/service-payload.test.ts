import { describe, expect, it } from 'vitest'
import {
  buildServicePayload,
  buildServiceUpdate,
  emptyServiceForm,
  isServiceComplete,
  serviceFormValues,
  toServiceIcon,
} from './service-payload'

describe('service payloads', () => {
  it('a new service starts with icon Home and featured off', () => {
    expect(emptyServiceForm).toEqual({ title: '', description: '', icon: 'Home', featured: false })
  })

  it('insert: trimmed title and description, the icon, featured and sort_order = the current count', () => {
    const payload = buildServicePayload({ title: ' Pleating ', description: ' By hand. ', icon: 'Scissors', featured: true }, 5)
    expect(payload).toEqual({ title: 'Pleating', description: 'By hand.', icon: 'Scissors', featured: true, sort_order: 5 })
  })

  it('update: the same fields plus updated_at', () => {
    const now = new Date('2025-01-02T03:04:05Z')
    expect(buildServiceUpdate({ ...emptyServiceForm, title: 'A', description: 'B' }, 2, now)).toEqual({
      title: 'A',
      description: 'B',
      icon: 'Home',
      featured: false,
      sort_order: 2,
      updated_at: '2025-01-02T03:04:05.000Z',
    })
  })

  it('requires title and description', () => {
    expect(isServiceComplete({ ...emptyServiceForm, title: 'A', description: ' ' })).toBe(false)
    expect(isServiceComplete({ ...emptyServiceForm, title: 'A', description: 'B' })).toBe(true)
  })

  it('offers only the six editor icons, Home for anything else', () => {
    expect(['Home', 'Sun', 'Armchair', 'Lightbulb', 'Scissors', 'Palette'].map(toServiceIcon)).toEqual([
      'Home',
      'Sun',
      'Armchair',
      'Lightbulb',
      'Scissors',
      'Palette',
    ])
    expect(toServiceIcon('ArrowRight')).toBe('Home')
    expect(toServiceIcon(null)).toBe('Home')
    expect(
      serviceFormValues({ id: '1', title: 'T', description: 'D', icon: 'Sun', featured: true, sort_order: 0, updated_at: null }),
    ).toEqual({ title: 'T', description: 'D', icon: 'Sun', featured: true })
  })
})
