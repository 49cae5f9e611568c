// Whether the signed-in person may only look (a viewer): the admin shows everything but
// offers no change. The database refuses a viewer's writes whatever the page does; this
// keeps the page from offering them.
import type { Session } from '@supabase/supabase-js'
import { createContext, useContext } from 'react'

export const ViewOnlyContext = createContext(false)

export function useViewOnly(): boolean {
  return useContext(ViewOnlyContext)
}

/** A viewer's session: app_metadata says viewer and not editor. */
export function isViewOnly(session: Session | null | undefined): boolean {
  const meta = session?.user.app_metadata
  return meta?.viewer === true && meta?.editor !== true
}
