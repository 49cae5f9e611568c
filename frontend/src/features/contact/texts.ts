// Words of the landing page's contact details that are not the form's (config/contact-form.ts).
export const contactSectionTexts = {
  mapLinkLabel: (address: string) => `${address} (opens a map in a new tab)`,
  specialTitle: 'Special opening hours',
} as const
