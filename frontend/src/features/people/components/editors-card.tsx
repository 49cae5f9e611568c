// The admin's Editors list (in Account): everyone with access, their role and when they
// last signed in; an editor changes another person's role or removes them (signed out at
// once), and invites a colleague as an editor or a viewer. Nobody changes their own access.
import { UserMinus } from 'lucide-react'
import { useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { PanelContent } from '@/components/ui/panel-state'
import { Select } from '@/components/ui/select'
import { StatusMessage, type Status } from '@/components/ui/status-message'
import { useAdminGuard } from '@/features/admin/guard/admin-guard'
import { useViewOnly } from '@/features/admin/guard/view-only'
import { InviteColleagueForm } from '@/features/account/components/invite-colleague-form'
import { formatMessageDate } from '@/features/messages/message-format'
import { usePeople, useSetSiteRole, type Person, type SiteRole } from '../api/people'
import { peopleTexts as t } from '../texts'

export function EditorsCard({ myEmail }: { myEmail: string }) {
  const { data, isLoading, error, refetch } = usePeople()
  const setRole = useSetSiteRole()
  const guard = useAdminGuard()
  const viewOnly = useViewOnly()
  const [status, setStatus] = useState<Status | null>(null)

  async function change(person: Person, role: SiteRole | 'none') {
    setStatus(null)
    if (role === 'none' && !(await guard.confirmDelete(t.confirmRemove(person.email)))) return
    const result = await setRole.mutate(person.id, role)
    if (!result.success) {
      console.error('Error changing access:', result.error)
      setStatus({ text: t.failed, tone: 'error' })
    } else {
      setStatus({ text: role === 'none' ? t.removed(person.email) : t.roleChanged(person.email, role), tone: 'success' })
    }
    await refetch()
  }

  return (
    <Card className="p-6 sm:p-8">
      <h3 className="font-display text-xl font-semibold text-slate-950">{t.title}</h3>
      <p className="mt-1 mb-4 text-sm text-slate-600">{t.hint}</p>
      <PanelContent data={data} isLoading={isLoading} error={error} onRetry={refetch}>
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200" aria-label={t.title}>
          {(data ?? []).map((person) => {
            const self = person.email === myEmail
            return (
              <li key={person.id} data-testid="person" className="flex flex-wrap items-center gap-3 p-4">
                <div className="min-w-0 flex-1 basis-48">
                  <p className="font-medium break-words text-slate-950">
                    {person.email}
                    {self && <span className="font-normal text-slate-500"> ({t.you})</span>}
                  </p>
                  <p className="text-sm text-slate-600">
                    {person.last_sign_in_at
                      ? t.lastSignIn(formatMessageDate(person.last_sign_in_at))
                      : person.invited_at
                        ? t.invitedNotYet(formatMessageDate(person.invited_at))
                        : t.neverSignedIn}
                  </p>
                </div>
                {self || viewOnly ? (
                  <Badge>{t.roles[person.role]}</Badge>
                ) : (
                  <div className="flex items-center gap-2">
                    <Select
                      aria-label={t.roleLabel(person.email)}
                      value={person.role}
                      disabled={setRole.isPending}
                      onChange={(e) => void change(person, e.target.value as SiteRole)}
                      className="h-11 w-32"
                    >
                      <option value="editor">{t.roles.editor}</option>
                      <option value="viewer">{t.roles.viewer}</option>
                    </Select>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="h-11 text-red-700 hover:bg-red-50 hover:text-red-800"
                      aria-label={t.removeLabel(person.email)}
                      disabled={setRole.isPending}
                      onClick={() => void change(person, 'none')}
                    >
                      <UserMinus aria-hidden="true" />
                      {t.remove}
                    </Button>
                  </div>
                )}
              </li>
            )
          })}
        </ul>
      </PanelContent>
      {status && <StatusMessage status={status} className="mt-3 flex" />}
      {!viewOnly && (
        <div className="mt-6 border-t border-slate-200 pt-6">
          <h4 className="mb-4 font-display text-lg font-semibold text-slate-950">{t.inviteTitle}</h4>
          <InviteColleagueForm onInvited={() => void refetch()} />
        </div>
      )}
    </Card>
  )
}
