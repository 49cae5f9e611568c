// Kept apart from the admin's copy (texts.ts): the public pages print the hours, and a
// module the landing page imports brings every export the admin uses along with it.

/** Words of the opening hours as the site and the admin print them, and their checks. */
export const hoursTexts = {
  closed: 'Closed',
  noSpans: 'add opening hours or mark the day closed.',
  badTime: 'enter opening and closing times as 24-hour times, e.g. 9:00 or 17:30.',
  closesBeforeOpens: 'closing time must be after opening time.',
  overlap: 'the times overlap; list them from morning to evening.',
  badDate: 'enter the dates as day, month and year.',
  dateOrder: 'the last day must not be before the first.',
  tooManySpecial: 'at most 60 special dates.',
  /** Heading of the upcoming special dates on the site. */
  specialTitle: 'Special opening hours',
} as const
