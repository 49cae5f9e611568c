// Keeps the inbox's read current while the admin is open: any insert, update or delete of
// contact_messages (a visitor's enquiry, another tab marking read) reads the list again,
// so the unread count and the inbox change without a reload. The database sends the
// changes only to editors (its policies, checked per subscriber by /realtime/v1). The
// channel is not subscribed yet when the first read is done, and not while a connection
// drop lasts: an enquiry stored in either gap sends no change to this page, so the list is
// read again each time the channel (re)subscribes.
import { useEffect } from 'react'
import { supabase } from '@/lib/supabase'

export function useLiveMessages(refetch: () => Promise<void>) {
  useEffect(() => {
    const channel = supabase
      .channel('admin-inbox')
      .on('postgres_changes', { event: '*', schema: 'public', table: 'contact_messages' }, () => void refetch())
      .subscribe((status) => {
        if (status === 'SUBSCRIBED') void refetch()
      })
    return () => {
      void supabase.removeChannel(channel)
    }
  }, [refetch])
}
