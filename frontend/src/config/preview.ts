// The bar a public page shows when an editor opens it as a draft preview.
export const previewTexts = {
  previewBanner: 'Preview: showing drafts',
  previewBannerHint: 'Only signed-in editors see drafts here; visitors see the published site.',
  exitPreview: 'Leave preview',
} as const
