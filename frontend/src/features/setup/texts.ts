// The setup checklist's copy.

const quoted = (items: readonly string[]) => {
  const all = items.map((item) => `“${item}”`)
  return all.length > 1 ? `${all.slice(0, -1).join(', ')} and ${all.at(-1)}` : all.join('')
}

export const setupTexts = {
  title: 'Finish setting up your site',
  intro: 'Your site still shows placeholders, samples and claims it came with. Replace each with your own, or keep it as it is:',
  open: (section: string) => `Open ${section}`,
  keep: 'Keep as is',
  keepLabel: (item: string) => `Keep as is: ${item}`,
  keepFailed: 'Could not keep it as it is. Please try again.',
  sampleTestimonial: (name: string) => `Sample testimonial from “${name}”`,
  sampleProject: (title: string) => `Sample project “${title}”`,
  aboutStats: (stats: readonly string[]) => `The About figures ${quoted(stats)}`,
  aboutCounts: (counts: readonly string[]) => `The About counts ${quoted(counts)}`,
  footerServices: (names: readonly string[]) => `The footer's services ${quoted(names)}`,
  replyPromise: (promise: string) => `The promise to reply “${promise}”`,
  businessName: (name: string) => `Your business name (still “${name}”)`,
} as const
