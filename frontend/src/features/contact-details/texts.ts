// Copy of the admin's Contact Details section and the placeholders a fresh install ships
// (migrations/20261123000801_contact_details.sql writes the same values).

export const contactDetailsTexts = {
  title: 'Contact Details',
  subtitle: 'How customers reach you: shown in the contact section, the footer, the legal pages and to search engines',
  basicTitle: 'Phone, Email and Address',
  hoursTitle: 'Opening Hours',
  socialTitle: 'Social Profiles',
  fields: {
    phone: 'Phone',
    email: 'Email',
    address: 'Address',
    street: 'Street Address',
    locality: 'Town or City',
    region: 'County, State or Region (Optional)',
    postcode: 'Postcode',
    country: 'Country',
    hoursNote: 'Note (Optional)',
    facebook: 'Facebook URL (Optional)',
    instagram: 'Instagram URL (Optional)',
    linkedin: 'LinkedIn URL (Optional)',
  },
  addressTitle: 'Address',
  addressHint: 'Shown on the site as a link that opens the address in a map.',
  hoursNoteHint: 'Shown under the hours, e.g. "Closed on public holidays".',
  socialHint: 'A full address starting with https://; leave empty to hide the icon.',
  open: 'Open',
  closed: 'Closed',
  opens: 'Opens',
  closes: 'Closes',
  hoursPreview: 'Shown on the site as',
  errors: {
    email: 'Please enter a valid email address.',
    url: 'Enter a full address starting with https://',
  },
  success: 'Contact details updated successfully!',
  failure: 'Error saving contact details. Please try again.',
  logSave: 'Error saving contact details:',
  checklist: {
    phone: 'Your phone number',
    email: 'Your email address',
    address: 'Your address',
    hours: 'Your opening hours',
    social: 'Your social profiles (or remove the placeholder links)',
  },
} as const

/** The details a fresh install ships: obviously not a real business's. */
export const placeholderDetails = {
  phone: '+1 (000) 000-0000',
  email: 'hello@example.com',
  address: '123 Example Street, Your City',
  social_facebook: 'https://www.facebook.com/example',
  social_instagram: 'https://www.instagram.com/example',
  social_linkedin: 'https://www.linkedin.com/company/example',
} as const

/** The admin's hours editor: buttons and field names (each prefixed with the day or date). */
export const hoursEditorTexts = {
  addSpan: 'Add hours',
  addSpanLabel: (label: string) => `Add opening hours to ${label}`,
  removeSpanLabel: (label: string, n: number) => `Remove ${label} span ${n}`,
  opensLabel: (label: string, n: number) => (n === 1 ? `${label} Opens` : `${label} span ${n} opens`),
  closesLabel: (label: string, n: number) => (n === 1 ? `${label} Closes` : `${label} span ${n} closes`),
  timePlaceholder: '9:00',
  timeHint: '24-hour times, as the site shows them (e.g. 9:00 and 17:30). Add hours for a lunch break.',
  specialTitle: 'Holidays and Special Dates',
  specialHint: 'Days with other hours or closed, shown on the site until they are over.',
  specialEmpty: 'No special dates.',
  addSpecial: 'Add Special Date',
  removeSpecial: 'Remove',
  removeSpecialLabel: (n: number) => `Remove special date ${n}`,
  specialLabel: (n: number) => `Special date ${n}`,
  from: 'From',
  to: 'To (Optional)',
  closedAllDay: 'Closed all day',
  note: 'Note (Optional)',
  notePlaceholder: 'e.g. Christmas',
} as const

/** The business name's own form at the top of Contact Details. */
export const businessNameTexts = {
  label: 'Business Name',
  hint: 'Appears in the header, footer and browser title',
  save: 'Save Business Name',
  saving: 'Saving...',
  required: 'Business name is required.',
  success: 'Business name updated successfully!',
  failure: 'Error saving the business name. Please try again.',
  logSave: 'Error saving the business name:',
} as const
