//! The app's own field checks in place of the browser's bubbles (forms are `noValidate`):
//! the controls that break their rules get `aria-invalid` (cleared as soon as they are
//! edited), the first of them gets the focus, and the caller shows the message inline.

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

function controlsOf(form: HTMLFormElement): Control[] {
  return Array.from(form.elements).filter(
    (el): el is Control =>
      (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) &&
      el.type !== 'hidden' &&
      !el.disabled &&
      // The contact form's honeypot is hidden from people; never flag it.
      el.tabIndex !== -1,
  )
}

const cleared = new WeakSet<HTMLFormElement>()

/** Clears a control's invalid mark when it is edited (once per form). */
function clearOnInput(form: HTMLFormElement) {
  if (cleared.has(form)) return
  cleared.add(form)
  const clear = (event: Event) => {
    if (event.target instanceof HTMLElement) event.target.removeAttribute('aria-invalid')
  }
  form.addEventListener('input', clear)
  form.addEventListener('change', clear)
}

/**
 * Marks `invalid` (the form's controls that are wrong) with aria-invalid, described by
 * `errorId` when given, unmarks the others, and focuses the first wrong one.
 */
export function markInvalid(form: HTMLFormElement, invalid: readonly Element[], errorId?: string): void {
  clearOnInput(form)
  for (const control of controlsOf(form)) {
    if (invalid.includes(control)) {
      control.setAttribute('aria-invalid', 'true')
      if (errorId) control.setAttribute('aria-errormessage', errorId)
    } else {
      control.removeAttribute('aria-invalid')
      control.removeAttribute('aria-errormessage')
    }
  }
  const first = controlsOf(form).find((control) => invalid.includes(control))
  first?.focus()
}

/** The named controls of a form (`name` attributes), in the form's order. */
export function controlsNamed(form: HTMLFormElement, names: readonly string[]): Element[] {
  return controlsOf(form).filter((control) => names.includes(control.name))
}

function isMissing(control: Control): boolean {
  const required = control.required || control.getAttribute('aria-required') === 'true'
  return required && control.value.trim() === ''
}

function labelOf(control: Control): string {
  const label = control.labels?.[0]?.textContent ?? control.getAttribute('aria-label') ?? ''
  return label.replace(/\*\s*$/, '').trim()
}

export interface FieldCheck {
  /** Controls that are empty but required, or break their type, pattern or range. */
  invalid: Control[]
  /** The first broken rule other than "required", as a sentence naming the field, else null. */
  message: string | null
}

/** Checks every control of `form` against its own rules (required, type, pattern, min/max). */
export function checkControls(form: HTMLFormElement): FieldCheck {
  const invalid = controlsOf(form).filter((control) => isMissing(control) || !control.validity.valid)
  const broken = invalid.find((control) => !isMissing(control) && !control.validity.valueMissing)
  const message = broken ? `${labelOf(broken)}: ${broken.title || broken.validationMessage}` : null
  return { invalid, message }
}
