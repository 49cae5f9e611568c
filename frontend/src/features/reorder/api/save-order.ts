// Saves a list's new order in one request: the set_sort_order function
// (migrations/20261123000802_inbox_and_order.sql, guarded by
// migrations/20261126001101_guarded_sort_order.sql) gives the rows the positions 0, 1,
// 2 … in the order of `ids`, only if the stored list is still `loaded`, the order the
// owner moved from; otherwise it answers 409 (PT409) and writes nothing. It runs as the
// signed-in user, so row-level security decides.
import { supabase } from '@/lib/supabase'
import { useMutation } from '@/lib/use-mutation'

export type OrderedList = 'services' | 'portfolio_items' | 'testimonials'

/** The order saved; 'changed' when someone else changed the list since it was loaded (nothing was written). */
export type OrderSave = 'saved' | 'changed'

export async function saveOrder(target: OrderedList, ids: readonly string[], loaded: readonly string[]): Promise<OrderSave> {
  const { error } = await supabase.rpc('set_sort_order', { target, ids: [...ids], loaded: [...loaded] })
  if (error?.code === 'PT409') return 'changed'
  if (error) throw error
  return 'saved'
}

export function useSaveOrder() {
  return useMutation(saveOrder)
}
