// The message under one contact form field the visitor must fix (its input points to it
// with aria-describedby).
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-700" data-testid="field-error">
      {message}
    </p>
  )
}
