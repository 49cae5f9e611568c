// Copy of the project popup's photo gallery and its full-screen viewer.

export const viewerTexts = {
  open: (n: number, total: number) => `View photo ${n} of ${total} full screen`,
  dialogLabel: (title: string) => `${title}: photos, full screen`,
  close: 'Close full-screen view',
  previous: 'Previous photo',
  next: 'Next photo',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  hint: 'Swipe or use the arrow keys for the next photo; pinch, double-tap or + and − to zoom.',
} as const
