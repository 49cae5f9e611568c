// CSV text (RFC 4180) for exports that open in spreadsheets: fields with commas, quotes
// or line breaks are quoted with inner quotes doubled, rows end in CRLF, and a field that
// a spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return)
// gets a leading apostrophe, so a visitor's message can never execute in the owner's Excel
// (OWASP "CSV Injection").

const formulaStart = /^[=+\-@\t\r]/

export function csvField(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value)
  if (formulaStart.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null | undefined>>): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n'
}

/** Offers `csv` as a download named `filename`; the byte-order mark makes Excel read it as UTF-8. */
export function downloadCsv(filename: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
