// The sign-in that appears over the admin when its session ended elsewhere. It is a
// dialog, not a page, so the editors under it stay mounted with what was typed; once
// signed in (here or in another tab) it goes and Save works again.
import { useId, useRef, useState, type FormEvent, type RefObject } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { FormAlert } from '@/components/ui/form-alert'
import { authTexts } from '@/config/admin'
import { sessionTexts } from '@/config/session'
import { useSignIn } from '../api/sign-in'
import { normalizeEmail, validateSignIn } from '../validation'

/** Open while `email` (the ended session's) is not null. It cannot be dismissed: signing in is the way back. */
export function SessionEndedDialog({ email: endedEmail }: { email: string | null }) {
  const passwordRef = useRef<HTMLInputElement>(null)
  return (
    <Dialog
      open={endedEmail !== null}
      onClose={() => {}}
      labelledBy="session-ended-title"
      describedBy="session-ended-message"
      initialFocusRef={passwordRef}
      size="md"
    >
      {endedEmail !== null && <SignInAgainForm initialEmail={endedEmail} passwordRef={passwordRef} />}
    </Dialog>
  )
}

function SignInAgainForm({ initialEmail, passwordRef }: { initialEmail: string; passwordRef: RefObject<HTMLInputElement | null> }) {
  const id = useId()
  const [email, setEmail] = useState(initialEmail)
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const { mutate: signIn, isPending } = useSignIn()

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const invalid = validateSignIn(email, password)
    setError(invalid)
    if (invalid) return
    const result = await signIn(normalizeEmail(email), password)
    // On success the session comes back and the dialog closes; the editors were never gone.
    if (!result.success) setError(result.error)
  }

  return (
    <form data-testid="session-ended" noValidate onSubmit={onSubmit} className="space-y-4 overflow-y-auto p-6">
      <h2 id="session-ended-title" className="text-lg font-semibold text-slate-950">
        {sessionTexts.dialogTitle}
      </h2>
      <p id="session-ended-message" className="text-slate-700">
        {sessionTexts.dialogMessage}
      </p>
      <div>
        <Label htmlFor={`${id}-email`}>{authTexts.email}</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          disabled={isPending}
          required
        />
      </div>
      <div>
        <Label htmlFor={`${id}-password`}>{authTexts.password}</Label>
        <Input
          ref={passwordRef}
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          disabled={isPending}
          required
        />
      </div>
      <FormAlert>{error}</FormAlert>
      <Button type="submit" className="w-full" disabled={isPending}>
        {isPending ? authTexts.submitting : sessionTexts.submit}
      </Button>
    </form>
  )
}
