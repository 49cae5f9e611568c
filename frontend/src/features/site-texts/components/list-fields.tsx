// The About figures (or none shown), the footer's services (the services list's, or the
// owner's own) and the portfolio categories, each edited in place.
import { Checkbox } from '@/components/ui/checkbox'
import { Input } from '@/components/ui/input'
import type { SingleRowFields } from '@/features/admin/editors/single-row-form'
import type { SiteTextsFormValues } from '../site-texts-payload'
import { siteTextsAdmin as t } from '../texts'
import { EditableList } from './editable-list'

type Fields = SingleRowFields<SiteTextsFormValues>

export function StatsFields({ values, set }: Fields) {
  return (
    <div className="space-y-4">
      <Checkbox
        id="site-texts-show-stats"
        label={t.stats.show}
        checked={values.show_about_stats}
        onChange={(e) => set('show_about_stats', e.target.checked)}
      />
      <p className="text-sm text-slate-600">{values.show_about_stats ? t.stats.intro : t.stats.showHint}</p>
      {values.show_about_stats && (
        <EditableList
          testId="about-stats-list"
          items={values.about_stats}
          onChange={(stats) => set('about_stats', stats)}
          blank={() => ({ value: '', label: '' })}
          max={8}
          removeLabel={t.stats.remove}
          addLabel={t.stats.add}
          render={(stat, index, setStat) => (
            <>
              <Input
                aria-label={t.stats.value(index + 1)}
                value={stat.value}
                onChange={(e) => setStat({ ...stat, value: e.target.value })}
                maxLength={20}
                className="w-28"
              />
              <Input
                aria-label={t.stats.label(index + 1)}
                value={stat.label}
                onChange={(e) => setStat({ ...stat, label: e.target.value })}
                maxLength={60}
                className="min-w-0 flex-1"
              />
            </>
          )}
        />
      )}
    </div>
  )
}

export function FooterFields({ values, set }: Fields) {
  return (
    <div className="space-y-4">
      <Checkbox
        id="site-texts-follow-services"
        label={t.footer.follow}
        checked={values.follow_services}
        onChange={(e) => set('follow_services', e.target.checked)}
      />
      {values.follow_services ? (
        <p className="text-sm text-slate-600">{t.footer.followHint}</p>
      ) : (
        <EditableList
          testId="footer-services-list"
          items={values.footer_services}
          onChange={(names) => set('footer_services', names)}
          blank={() => ''}
          max={20}
          removeLabel={t.footer.remove}
          addLabel={t.footer.add}
          render={(name, index, setName) => (
            <Input
              aria-label={t.footer.name(index + 1)}
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={80}
              className="min-w-0 flex-1"
            />
          )}
        />
      )}
    </div>
  )
}

export function CategoryFields({ values, set }: Fields) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{t.categories.intro}</p>
      <EditableList
        testId="categories-list"
        items={values.portfolio_categories}
        onChange={(categories) => set('portfolio_categories', categories)}
        blank={() => ({ value: '', label: '' })}
        max={20}
        removeLabel={t.categories.remove}
        addLabel={t.categories.add}
        render={(category, index, setCategory) => (
          <Input
            aria-label={t.categories.label(index + 1)}
            value={category.label}
            onChange={(e) => setCategory({ ...category, label: e.target.value })}
            maxLength={60}
            className="min-w-0 flex-1"
          />
        )}
      />
    </div>
  )
}
