import { describe, expect, it } from 'vitest'
import { fitWithin } from './prepare-image'

describe('fitWithin', () => {
  it('scales a 12 MP phone photo to 2560 px on its long edge, either way up', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 2560, height: 1920 })
    expect(fitWithin(3000, 4000)).toEqual({ width: 1920, height: 2560 })
    expect(fitWithin(4032, 3024)).toEqual({ width: 2560, height: 1920 })
  })

  it('never enlarges, and never goes below one pixel', () => {
    expect(fitWithin(1600, 1200)).toEqual({ width: 1600, height: 1200 })
    expect(fitWithin(100000, 1)).toEqual({ width: 2560, height: 1 })
  })
})
