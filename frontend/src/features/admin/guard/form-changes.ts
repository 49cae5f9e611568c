//! Whether a form's values differ from the values it was opened with: the test behind
//! every "unsaved changes" question. Pure, so it is unit-tested.
import { valuesEqual } from '@/lib/values-equal'

/** True when `current` holds something the owner changed since `initial`. */
export function hasChanges<V>(initial: V, current: V): boolean {
  return !valuesEqual(initial, current)
}
