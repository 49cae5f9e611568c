// What the page says when a part of it could not be loaded (the connection dropped, say),
// in place of that part: never a blank page.

export const loadFailureTexts = {
  page: "This page couldn't be loaded. Check your connection and try again.",
  part: "This part couldn't be loaded. Check your connection and try again.",
  project: "This project couldn't be opened. Check your connection and try again.",
  updated: 'The site has been updated since this page was opened. Reload the page to continue.',
  retry: 'Try again',
  reload: 'Reload page',
  close: 'Close',
} as const
