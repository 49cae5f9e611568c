// A form field only bots fill in: off-screen, out of the tab order, hidden from screen
// readers (aria-hidden and inert) and from autofill, and uncontrolled so the form reads
// whatever a script typed into it straight from the DOM.
export const honeypotName = 'website'

export function HoneypotField({ id }: { id: string }) {
  return (
    <div aria-hidden="true" inert className="absolute -left-[10000px] top-auto size-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name={honeypotName} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  )
}

/** Whether the submitted form's honeypot holds anything (then it was not a person). */
export function honeypotFilled(form: HTMLFormElement): boolean {
  const value = new FormData(form).get(honeypotName)
  return typeof value === 'string' && value.trim() !== ''
}
