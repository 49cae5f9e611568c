// A form's failure, in red above its submit button, announced when it appears; nothing
// when there is none. The sign-in, code and signed-out forms share it.
export function FormAlert({ id, children }: { id?: string; children: string | null }) {
  if (!children) return null
  return (
    <p id={id} role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-700">
      {children}
    </p>
  )
}
