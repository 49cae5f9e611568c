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
    hoursNote: 'Note (Optional)',
    facebook: 'Facebook URL (Optional)',
    instagram: 'Instagram URL (Optional)',
    linkedin: 'LinkedIn URL (Optional)',
  },
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
