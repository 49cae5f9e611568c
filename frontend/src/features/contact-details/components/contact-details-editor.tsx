// Admin "Contact Details": phone, email, address, the weekly opening hours with a note,
// and the social profiles, saved into the contact_info row the public pages read.
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Card } from '@/components/ui/card'
import { SingleRowEditor, type SingleRowFormProps } from '@/features/admin/editors/single-row-editor'
import { SaveBar } from '@/features/admin/editors/single-row-form'
import { useRowForm } from '@/features/admin/editors/use-row-form'
import { useRowDrafts } from '@/features/history/use-row-drafts'
import { useContactInfo } from '@/features/site/api/get-contact-info'
import type { ContactInfo } from '@/features/site/types'
import { useSaveContactInfo } from '../api/save-contact-info'
import {
  buildContactDetailsPayload,
  contactDetailsErrors,
  contactDetailsValues,
  type ContactDetailsErrors,
  type ContactDetailsValues,
} from '../contact-details'
import { contactDetailsTexts as t } from '../texts'
import { BusinessNameCard } from './business-name-card'
import { HoursFieldset } from './hours-fieldset'
import { SpecialHoursFieldset } from './special-hours-fieldset'
import { TextField } from './text-field'

export function ContactDetailsEditor() {
  const query = useContactInfo()
  return (
    <SingleRowEditor
      texts={t}
      preview="/#contact"
      query={query}
      drafts={useRowDrafts('contact_info', query, '/#contact')}
      save={useSaveContactInfo()}
      build={buildContactDetailsPayload}
      Form={DetailsForm}
    />
  )
}

// Checks its fields itself, marking each wrong one (the editor's check passes everything).
function DetailsForm(props: SingleRowFormProps<ContactInfo, ContactDetailsValues>) {
  const { saving, status } = props
  const { values, setValues, submit, keepDraft, restoredNote, conflictNotice } = useRowForm(props, contactDetailsValues)
  const [errors, setErrors] = useState<ContactDetailsErrors>({})
  const set = (name: keyof ContactDetailsValues) => (value: string) => setValues((current) => ({ ...current, [name]: value }))
  const formRef = useRef<HTMLFormElement>(null)
  const [attempt, setAttempt] = useState(0)

  // After a refused save, the first field that needs fixing gets the focus (once rendered invalid).
  useEffect(() => {
    if (attempt === 0) return
    formRef.current
      ?.querySelector<HTMLElement>('input[aria-invalid="true"], [aria-invalid="true"] input, [aria-invalid="true"] button')
      ?.focus()
  }, [attempt])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const found = contactDetailsErrors(values)
    setErrors(found)
    if (Object.keys(found).length > 0) {
      setAttempt((n) => n + 1)
      return
    }
    void submit(values)
  }

  return (
    <>
      <BusinessNameCard />
      <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-6">
        {restoredNote}
        <Card className="space-y-5 p-6 sm:p-8">
          <h3 className="text-lg font-semibold text-slate-950">{t.basicTitle}</h3>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label={t.fields.phone} name="phone" type="tel" autoComplete="tel" value={values.phone} onChange={set('phone')} />
            <TextField
              label={t.fields.email}
              name="email"
              type="email"
              autoComplete="email"
              value={values.email}
              error={errors.email}
              onChange={set('email')}
            />
          </div>
          <fieldset className="space-y-4">
            <legend className="text-base font-semibold text-slate-950">{t.addressTitle}</legend>
            <p className="text-sm text-slate-600">{t.addressHint}</p>
            <TextField
              label={t.fields.street}
              name="address_street"
              autoComplete="address-line1"
              value={values.street}
              onChange={set('street')}
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                label={t.fields.locality}
                name="address_locality"
                autoComplete="address-level2"
                value={values.locality}
                onChange={set('locality')}
              />
              <TextField
                label={t.fields.region}
                name="address_region"
                autoComplete="address-level1"
                value={values.region}
                onChange={set('region')}
              />
              <TextField
                label={t.fields.postcode}
                name="address_postcode"
                autoComplete="postal-code"
                value={values.postcode}
                onChange={set('postcode')}
              />
              <TextField
                label={t.fields.country}
                name="address_country"
                autoComplete="country-name"
                value={values.country}
                onChange={set('country')}
              />
            </div>
          </fieldset>
        </Card>

        <Card className="space-y-4 p-6 sm:p-8">
          <h3 className="text-lg font-semibold text-slate-950">{t.hoursTitle}</h3>
          <HoursFieldset week={values.week} error={errors.hours} onChange={(week) => setValues((current) => ({ ...current, week }))} />
          <TextField
            label={t.fields.hoursNote}
            name="hours_note"
            hint={t.hoursNoteHint}
            value={values.hoursNote}
            onChange={set('hoursNote')}
          />
        </Card>

        <Card className="p-6 sm:p-8">
          <SpecialHoursFieldset
            list={values.special}
            error={errors.special}
            onChange={(special) => setValues((current) => ({ ...current, special }))}
          />
        </Card>

        <Card className="space-y-5 p-6 sm:p-8">
          <h3 className="text-lg font-semibold text-slate-950">{t.socialTitle}</h3>
          {(['facebook', 'instagram', 'linkedin'] as const).map((name) => (
            <TextField
              key={name}
              label={t.fields[name]}
              name={`social_${name}`}
              type="url"
              hint={t.socialHint}
              value={values[name]}
              error={errors[name]}
              onChange={set(name)}
            />
          ))}
        </Card>

        {conflictNotice}
        <SaveBar saving={saving} status={status} onSaveDraft={keepDraft && (() => keepDraft(values))} />
      </form>
    </>
  )
}
