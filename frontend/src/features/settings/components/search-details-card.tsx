// Site Settings' search details: the price range search engines show and the site's
// language (<html lang>, og:locale).
import { Card } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { adminTexts } from '@/config/admin'
import type { SettingsFormValues } from '../settings-payload'

const t = adminTexts.settings

interface SearchDetailsCardProps {
  values: SettingsFormValues
  change: (name: 'priceRange' | 'siteLanguage') => (event: { target: { value: string } }) => void
}

export function SearchDetailsCard({ values, change }: SearchDetailsCardProps) {
  return (
    <Card className="space-y-5 p-6 sm:p-8">
      <h3 className="text-lg font-semibold text-slate-950">{t.searchTitle}</h3>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t.priceRange} hint={t.priceRangeHint}>
          {(control) => <Input {...control} name="price_range" maxLength={30} value={values.priceRange} onChange={change('priceRange')} />}
        </Field>
        <Field label={t.siteLanguage} hint={t.siteLanguageHint} required>
          {(control) => (
            <Input
              {...control}
              name="site_language"
              maxLength={35}
              autoComplete="off"
              spellCheck={false}
              value={values.siteLanguage}
              onChange={change('siteLanguage')}
              required
            />
          )}
        </Field>
      </div>
    </Card>
  )
}
