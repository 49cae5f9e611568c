import { describe, expect, it } from 'vitest'
import { buildLegalPayload, editedValues, legalFormValues, legalProblem } from './legal-payload'
import { legalTexts } from './texts'

describe('the legal editor values and payload', () => {
  it('opens the original text for a page without a text of its own, and saves it as NULL', () => {
    const values = legalFormValues({ body_html: null }, '<p>Original</p>')
    expect(values).toEqual({ html: '<p>Original</p>', original: true })
    expect(buildLegalPayload(values)).toEqual({ body_html: null })
    expect(legalProblem(values)).toBeNull()
  })

  it("opens the owner's text, and saves an edit sanitised", () => {
    expect(legalFormValues({ body_html: '<p>Mine</p>' }, '<p>Original</p>')).toEqual({ html: '<p>Mine</p>', original: false })
    const edited = editedValues('<p>New&nbsp;terms</p><p onclick="alert(1)">x</p><img src=x onerror="alert(1)">')
    expect(edited.original).toBe(false)
    const payload = buildLegalPayload(edited)
    expect(payload.body_html).toBe('<p>New terms</p><p>x</p>')
  })

  it('refuses an empty page and one over the limit', () => {
    expect(legalProblem(editedValues('<p><br></p>'))).toBe(legalTexts.empty)
    expect(legalProblem({ html: '<p> &nbsp; </p>', original: false })).toBe(legalTexts.empty)
    expect(legalProblem({ html: `<p>${'a'.repeat(100_000)}</p>`, original: false })).toBe(legalTexts.tooLong)
    expect(legalProblem({ html: `<p>${'a'.repeat(100_000 - 7)}</p>`, original: false })).toBeNull()
  })
})
