// Copy of the admin's Statistics section: the totals against the previous period, the
// chart and its table, where visitors come from, the pages, and how visits are counted.

const number = (n: number) => n.toLocaleString('en-US')

export const statsTexts = {
  title: 'Statistics',
  subtitle: (days: number) => `Visits to your site over the last ${days} days, counted by the site itself`,
  empty: 'No visits counted yet. They appear here from the first visitor on.',
  totals: {
    views: 'Page views',
    visits: 'Visits',
    enquiries: 'Enquiries',
  },
  /** "Previous 30 days: 98" under a total. */
  previous: (days: number, n: number) => `Previous ${days} days: ${number(n)}`,
  change: (current: number, previous: number) => {
    if (previous === 0) return current === 0 ? 'No change' : 'New'
    const percent = Math.round(((current - previous) / previous) * 100)
    if (percent === 0) return 'No change'
    return percent > 0 ? `Up ${percent}%` : `Down ${-percent}%`
  },
  chartTitle: 'Page views per day',
  legendCurrent: (days: number) => `Last ${days} days`,
  legendPrevious: (days: number) => `The ${days} days before`,
  chartLabel: (days: number, current: number, previous: number, busiest: string | null) =>
    `Page views per day over the last ${days} days: ${number(current)} in all, against ${number(previous)} in the ${days} days before.` +
    (busiest ? ` The busiest day was ${busiest}.` : ''),
  showTable: 'Show the days as a table',
  dayColumns: {
    day: 'Day',
    views: 'Page views',
    visits: 'Visits',
    enquiries: 'Enquiries',
    previousViews: (days: number) => `Page views ${days} days earlier`,
  },
  sourcesTitle: 'Where visitors come from',
  sourcesHint: 'The site that linked to the first page of each visit, and the enquiries sent during those visits.',
  sourceColumns: {
    source: 'Came from',
    visits: 'Visits',
    enquiries: 'Enquiries',
    previous: (days: number) => `Visits, previous ${days} days`,
  },
  direct: 'Direct (typed in, bookmarks, apps)',
  otherSources: 'Other sites',
  pagesTitle: 'Pages',
  pagesHint: 'How often each page was seen, how many visits started on it, and the enquiries those visits sent.',
  pageColumns: {
    page: 'Page',
    views: 'Page views',
    visits: 'Visits started here',
    enquiries: 'Enquiries',
    previous: (days: number) => `Page views, previous ${days} days`,
  },
  pageNames: {
    '/': 'Home',
    '/portfolio': 'Portfolio',
    '/terms': 'Terms of Service',
    '/privacy': 'Privacy Policy',
    other: 'Pages that do not exist',
  } as Record<string, string>,
  noneYet: 'None in this period.',
  howTitle: 'How visits are counted',
  how: [
    'The site counts visits itself: no cookies, no outside service, and nothing about a visitor is kept, only how many views each page had per day and the name of the site that linked to it (google.com, say), never the full address.',
    'A visit is what one browser tab sees from the first page on; an enquiry counts for the visit it was sent in.',
    'Not counted: visitors whose browser asks sites not to track them (Do Not Track or Global Privacy Control), anyone signed in to this admin in the same browser (your own visits), and draft previews.',
    'Days run from midnight to midnight UTC.',
  ],
}
