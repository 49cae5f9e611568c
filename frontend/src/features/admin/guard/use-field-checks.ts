//! Wires lib/form-validity into an admin form: on submit, the wrong fields are marked and
//! the first focused; a field that breaks its type/pattern/range stops the save and its
//! message shows inline; missing required fields are left to the form's own message.
import { useState, type FormEvent } from 'react'
import type { Status } from '@/components/ui/status-message'
import { checkControls, markInvalid } from '@/lib/form-validity'

export function useFieldChecks() {
  const [problem, setProblem] = useState<Status | null>(null)

  function onSubmitCapture(event: FormEvent<HTMLFormElement>) {
    const { invalid, message } = checkControls(event.currentTarget)
    markInvalid(event.currentTarget, invalid)
    setProblem(message ? { text: message, tone: 'error' } : null)
    if (message) {
      event.preventDefault()
      event.stopPropagation()
    }
  }

  return { problem, onSubmitCapture }
}
