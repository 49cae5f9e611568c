import { describe, expect, it } from 'vitest'
import { csvField, toCsv } from './csv'

describe('csvField', () => {
  it('leaves plain text alone and writes nothing for null', () => {
    expect(csvField('Ada Lovelace')).toBe('Ada Lovelace')
    expect(csvField(null)).toBe('')
    expect(csvField(undefined)).toBe('')
    expect(csvField(3)).toBe('3')
  })

  it('quotes commas, quotes and line breaks, doubling inner quotes', () => {
    expect(csvField('a, b')).toBe('"a, b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('line 1\nline 2')).toBe('"line 1\nline 2"')
    expect(csvField('cr\r')).toBe('"cr\r"')
  })

  it('defuses spreadsheet formulas', () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`)
    expect(csvField('+1 555 0100')).toBe("'+1 555 0100")
    expect(csvField('-2+3')).toBe("'-2+3")
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvField('\tcmd')).toBe("'\tcmd")
    expect(csvField('a=b')).toBe('a=b')
  })
})

describe('toCsv', () => {
  it('joins fields with commas and rows with CRLF', () => {
    expect(
      toCsv([
        ['Name', 'Message'],
        ['Ada', 'Hello, "world"'],
      ]),
    ).toBe('Name,Message\r\nAda,"Hello, ""world"""\r\n')
  })
})
