// The contact form: validates in the spec's order, sends the cleaned row through
// `onSubmit`, then shows the Thank You panel for 5 seconds or until the visitor asks
// for a new form. A filled-in honeypot gets the same Thank You and sends nothing, so a
// bot learns nothing from it. What the visitor types is kept in sessionStorage until it
// is sent (../contact-draft.ts), so a failure or a reload never loses it.
import { CircleCheck, Send } from 'lucide-react'
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { useSiteTexts } from '@/features/site-texts/api/get-site-texts'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Select } from '@/components/ui/select'
import { Textarea } from '@/components/ui/textarea'
import { contactFormTexts as t } from '@/config/contact-form'
import { limits } from '@/config/site'
import { clearContactDraft, loadContactDraft, saveContactDraft } from '../contact-draft'
import { onPrefilledService, serviceForCategory, takePrefilledService } from '../contact-prefill'
import type { SubmitResult } from '../api/submit-contact-message'
import type { ContactFormValues, ContactMessageInsert } from '../types'
import { controlsNamed, markInvalid } from '@/lib/form-validity'
import { networkErrorText } from '@/lib/network-error'
import {
  contactFieldErrors,
  emptyContactForm,
  rateLimitText,
  serviceChoices,
  toContactMessage,
  validateContactForm,
  type ContactFieldErrors,
} from '../validation'
import { FieldError } from './field-error'
import { HoneypotField, honeypotFilled } from './honeypot-field'

interface ContactFormProps {
  onSubmit: (row: ContactMessageInsert) => Promise<SubmitResult>
  /** How long the Thank You panel stays; the spec's 5 seconds unless a test says otherwise. */
  thankYouMs?: number
  /** The business's services: the Service Needed choices (plus Other). */
  services?: readonly { title: string }[] | null
  /** The business's phone, offered when the visitor has sent too many messages. */
  phone?: string | null
}

type Status = 'idle' | 'submitting' | 'success'

export function ContactForm({ onSubmit, thankYouMs = limits.thankYouPanelMs, services, phone }: ContactFormProps) {
  const [values, setValues] = useState<ContactFormValues>(loadContactDraft)
  const { replyPromise } = useSiteTexts()
  const [status, setStatus] = useState<Status>('idle')
  const [error, setError] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<ContactFieldErrors>({})
  const id = useId()
  const errorId = `${id}-error`
  const choices = serviceChoices(services)
  const choicesRef = useRef(choices)
  useEffect(() => {
    choicesRef.current = choices
  })
  /** Props that tie a field to the message under it while it is wrong. */
  const described = (field: keyof ContactFormValues, suffix: string) =>
    fieldErrors[field] ? { 'aria-describedby': `${id}-${suffix}-error`, 'aria-invalid': true as const } : {}
  const firstFieldRef = useRef<HTMLInputElement>(null)
  const thankYouRef = useRef<HTMLHeadingElement>(null)
  const returningRef = useRef(false)

  // "Get Similar Work Done" pre-selects the project's service (features/contact/contact-prefill.ts).
  useEffect(() => {
    // The project's category becomes the service whose title names it.
    const apply = (category: string) =>
      setValues((current) => ({ ...current, serviceNeeded: serviceForCategory(category, choicesRef.current) }))
    const waiting = takePrefilledService()
    if (waiting) apply(waiting)
    return onPrefilledService((service) => {
      takePrefilledService()
      apply(service)
    })
  }, [])

  useEffect(() => {
    if (status !== 'success') saveContactDraft(values)
  }, [values, status])

  useEffect(() => {
    if (status === 'success') {
      thankYouRef.current?.focus()
      const timer = setTimeout(() => setStatus('idle'), thankYouMs)
      return () => clearTimeout(timer)
    }
    if (status === 'idle' && returningRef.current) {
      returningRef.current = false
      firstFieldRef.current?.focus()
    }
  }, [status, thankYouMs])

  const update = (field: keyof ContactFormValues) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }))
    // A field's message goes as soon as it is edited.
    setFieldErrors((current) => (current[field] ? { ...current, [field]: undefined } : current))
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (status === 'submitting') return
    const problem = validateContactForm(values)
    const found = contactFieldErrors(values)
    // Every field at fault is marked (aria-invalid, its message under it) and the first is focused.
    markInvalid(event.currentTarget, controlsNamed(event.currentTarget, Object.keys(found)))
    setFieldErrors(found)
    if (problem) {
      setError(problem)
      return
    }
    setError(null)
    if (honeypotFilled(event.currentTarget)) {
      clearContactDraft()
      setValues(emptyContactForm)
      setStatus('success')
      return
    }
    setStatus('submitting')
    const result = await onSubmit(toContactMessage(values))
    if (result.success) {
      clearContactDraft()
      setValues(emptyContactForm)
      setStatus('success')
    } else {
      // The spec's failure text stays; when the server was not reached at all, it says so too.
      setError(
        result.rateLimited
          ? rateLimitText(result.retryAfterSeconds, phone)
          : result.offline
            ? `${t.errors.sendFailed} ${networkErrorText}`
            : t.errors.sendFailed,
      )
      setStatus('idle')
    }
  }

  if (status === 'success') {
    return (
      <div role="status" className="flex min-h-[34rem] flex-col items-center justify-center px-6 py-12 text-center">
        <span className="mb-6 inline-flex size-16 items-center justify-center rounded-full bg-emerald-50 text-emerald-600 ring-8 ring-emerald-50/50">
          <CircleCheck aria-hidden="true" className="size-8" />
        </span>
        <h3 ref={thankYouRef} tabIndex={-1} className="font-display text-3xl font-semibold text-slate-950 outline-none">
          {t.thankYouTitle}
        </h3>
        <p className="mt-3 max-w-sm text-slate-600">{t.thankYouText(replyPromise)}</p>
        <Button
          variant="outline"
          className="mt-8"
          onClick={() => {
            returningRef.current = true
            setStatus('idle')
          }}
        >
          {t.sendAnother}
        </Button>
      </div>
    )
  }

  const submitting = status === 'submitting'
  const describedBy = error ? errorId : undefined

  return (
    <form noValidate onSubmit={handleSubmit} aria-describedby={describedBy} className="relative grid gap-5">
      <HoneypotField id={`${id}-website`} />
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-first`} required>
            {t.firstName}
          </Label>
          <Input
            ref={firstFieldRef}
            id={`${id}-first`}
            name="firstName"
            autoComplete="given-name"
            required
            value={values.firstName}
            onChange={update('firstName')}
            disabled={submitting}
            {...described('firstName', 'first')}
          />
          <FieldError id={`${id}-first-error`} message={fieldErrors.firstName} />
        </div>
        <div>
          <Label htmlFor={`${id}-last`} required>
            {t.lastName}
          </Label>
          <Input
            id={`${id}-last`}
            name="lastName"
            autoComplete="family-name"
            required
            value={values.lastName}
            onChange={update('lastName')}
            disabled={submitting}
            {...described('lastName', 'last')}
          />
          <FieldError id={`${id}-last-error`} message={fieldErrors.lastName} />
        </div>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-email`} required>
            {t.email}
          </Label>
          <Input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            value={values.email}
            onChange={update('email')}
            disabled={submitting}
            {...described('email', 'email')}
          />
          <FieldError id={`${id}-email-error`} message={fieldErrors.email} />
        </div>
        <div>
          <Label htmlFor={`${id}-phone`}>{t.phone}</Label>
          <Input
            id={`${id}-phone`}
            name="phone"
            type="tel"
            autoComplete="tel"
            value={values.phone}
            onChange={update('phone')}
            disabled={submitting}
          />
        </div>
      </div>
      <div>
        <Label htmlFor={`${id}-service`}>{t.serviceNeeded}</Label>
        <Select
          id={`${id}-service`}
          name="serviceNeeded"
          value={values.serviceNeeded}
          onChange={update('serviceNeeded')}
          disabled={submitting}
        >
          <option value="">{t.servicePlaceholder}</option>
          {choices.map((title) => (
            <option key={title} value={title}>
              {title}
            </option>
          ))}
          {values.serviceNeeded && !choices.includes(values.serviceNeeded) && (
            // A choice kept in a draft whose service has since been renamed or removed.
            <option value={values.serviceNeeded}>{values.serviceNeeded}</option>
          )}
        </Select>
      </div>
      <div>
        <div className="flex items-baseline justify-between">
          <Label htmlFor={`${id}-message`} required>
            {t.message}
          </Label>
          <span className={values.message.trim().length > limits.contact.message ? 'text-xs text-red-700' : 'text-xs text-slate-500'}>
            {values.message.trim().length}/{limits.contact.message}
          </span>
        </div>
        <Textarea
          id={`${id}-message`}
          name="message"
          rows={5}
          required
          placeholder={t.messagePlaceholder}
          value={values.message}
          onChange={update('message')}
          disabled={submitting}
          {...described('message', 'message')}
        />
        <FieldError id={`${id}-message-error`} message={fieldErrors.message} />
      </div>
      {error && (
        <p id={errorId} role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      <Button type="submit" variant="primary" size="lg" disabled={submitting} className="w-full">
        {submitting ? (
          t.submitting
        ) : (
          <>
            {t.submit}
            <Send aria-hidden="true" />
          </>
        )}
      </Button>
    </form>
  )
}
