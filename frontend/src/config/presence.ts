// What the admin says about the other editors who have it open.
export const presenceTexts = {
  /** Above a section that someone else also has open. */
  sameSection: (emails: string[]) =>
    `${emails.join(', ')} ${emails.length === 1 ? 'also has' : 'also have'} this section open. Saving over each other's changes is caught, but talk first.`,
  /** In the header area when others are in the admin, elsewhere. */
  elsewhere: (count: number) => `${count} other ${count === 1 ? 'editor is' : 'editors are'} in the admin now.`,
}
