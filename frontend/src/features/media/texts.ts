// Copy of the admin's photo tools: the focal point picker and the gallery's Move buttons.

export const mediaTexts = {
  focalLabel: 'Focal Point',
  focalPoint: (what: string, where: string) =>
    `Focal point of ${what}: ${where}. Tap the spot that must stay in view when the photo is cropped, or use the arrow keys; Home puts it back in the centre.`,
  focalHint: 'Tap the photo where it matters most: the cards and the hero keep that spot in view.',
  moveEarlier: (n: number) => `Move photo ${n} earlier`,
  moveLater: (n: number) => `Move photo ${n} later`,
} as const
