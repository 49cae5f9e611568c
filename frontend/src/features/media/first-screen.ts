// When the page's first screen is done: the document's own resources have loaded (the
// stylesheet, the fonts and the hero photo it preloads) and a frame has been painted with
// them. Images below the fold start only then, so on a slow link they never take bandwidth
// from what the visitor sees first; Chrome would otherwise fetch the ones inside its
// lazy-load distance (the landing page's cards, ~50 kB each) while the first screen is
// still arriving.

type Listener = () => void

let done = false
let scheduled = false
/** Bumped by a reset, so a frame or timer queued before it cannot finish the new watch. */
let generation = 0
let fallback: ReturnType<typeof setTimeout> | undefined
const listeners = new Set<Listener>()

/** Past this, a page that never paints (a background tab) gets its images anyway. */
const FALLBACK_MS = 3000

function finish() {
  if (done) return
  done = true
  clearTimeout(fallback)
  for (const listener of listeners) listener()
  listeners.clear()
}

/** After the next paint: a frame's callbacks run before it paints, a task queued there runs after. */
function afterNextPaint() {
  const watch = generation
  requestAnimationFrame(() => setTimeout(() => watch === generation && finish(), 0))
}

function schedule() {
  if (scheduled || done) return
  scheduled = true
  fallback = setTimeout(finish, FALLBACK_MS)
  if (document.readyState === 'complete') afterNextPaint()
  else window.addEventListener('load', afterNextPaint, { once: true })
}

export function firstScreenDone(): boolean {
  return done
}

/** Calls `listener` once the first screen is done (it starts the watch on first use). */
export function onFirstScreenDone(listener: Listener): () => void {
  if (done) return () => {}
  listeners.add(listener)
  schedule()
  return () => listeners.delete(listener)
}

/** For tests: back to a page that has not painted yet. */
export function resetFirstScreen() {
  generation += 1
  clearTimeout(fallback)
  window.removeEventListener('load', afterNextPaint)
  done = false
  scheduled = false
  listeners.clear()
}
