/** The database's limit on a page's stored HTML (legal_pages_body_html_length). */
export const legalBodyMaxLength = 100_000
