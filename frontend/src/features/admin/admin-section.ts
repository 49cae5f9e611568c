// Which admin section a key names; anything unknown falls back to the hero editor.
import { adminSections, defaultAdminSection, type AdminSectionKey } from '@/config/admin'

export function resolveAdminSection(key: string | null | undefined): AdminSectionKey {
  return adminSections.some((section) => section.key === key) ? (key as AdminSectionKey) : defaultAdminSection
}
