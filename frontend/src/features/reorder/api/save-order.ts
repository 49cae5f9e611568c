// Saves a list's new order in one request: the set_sort_order function
// (migrations/20261123000802_inbox_and_order.sql) gives the rows the positions 0, 1, 2 …
// in the order of `ids`. It runs as the signed-in user, so row-level security decides.
import { supabase } from '@/lib/supabase'
import { useMutation } from '@/lib/use-mutation'

export type OrderedList = 'services' | 'portfolio_items' | 'testimonials'

export async function saveOrder(target: OrderedList, ids: readonly string[]): Promise<void> {
  const { error } = await supabase.rpc('set_sort_order', { target, ids: [...ids] })
  if (error) throw error
}

export function useSaveOrder() {
  return useMutation(saveOrder)
}
