// The contact form's copy and its exact messages (apart from
// config/site.ts: only the form, which loads with the end of the landing page, needs them).

/** Contact form copy and its exact messages. */
export const contactFormTexts = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phone: 'Phone',
  serviceNeeded: 'Service Needed',
  servicePlaceholder: 'Select a service',
  message: 'Message',
  messagePlaceholder: 'Tell us about your project: rooms, windows, fabrics you like...',
  submit: 'Send Message',
  submitting: 'Sending...',
  thankYouTitle: 'Thank You!',
  /** `promise` is the owner's reply promise, 'within 24 hours' by default. */
  thankYouText: (promise: string) => `Your message has been sent successfully. We'll get back to you ${promise.trim()}.`,
  sendAnother: 'Send Another Message',
  errors: {
    required: 'Please fill in all required fields.',
    email: 'Please enter a valid email address.',
    messageTooLong: 'Message is too long. Please keep it under 2000 characters.',
    sendFailed: 'Failed to send message. Please try again later.',
    /** The server's limit of messages per visitor address was reached (the server counts per address, so one visitor cannot flood the inbox). */
    tooMany: 'Too many messages. Please try again later.',
    /** The same, when the server said how long to wait. */
    tooManyWait: (minutes: number) => `Too many messages. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    /** Added to the rate-limit message when the business has a phone number. */
    orCall: (phone: string) => `Or call us on ${phone}.`,
  },
  /** Under each field the visitor must fix. */
  fieldErrors: {
    firstName: 'Please enter your first name.',
    lastName: 'Please enter your last name.',
    emailMissing: 'Please enter your email address.',
    email: 'Please enter a valid email address.',
    message: 'Please enter a message.',
    messageTooLong: 'Message is too long. Please keep it under 2000 characters.',
  },
  /** The last choice of Service Needed, after the business's services. */
  otherService: 'Other',
} as const
