// The admin's writes, as supabase-js calls: insert one row, PATCH one row by
// id, DELETE one row by id, each reading the written row back (Prefer:
// return=representation) so a missing row or a refused write is an error, never a
// silent no-op. A returned error object is thrown.
import { supabase } from './supabase'

export async function insertRow<Row>(table: string, payload: object): Promise<Row> {
  const { data, error } = await supabase.from(table).insert(payload).select().single()
  if (error) throw error
  return data as Row
}

export async function updateRow<Row>(table: string, id: string, payload: object): Promise<Row> {
  const { data, error } = await supabase.from(table).update(payload).eq('id', id).select().single()
  if (error) throw error
  return data as Row
}

export async function deleteRow(table: string, id: string): Promise<void> {
  // Reading the deleted row back tells "deleted" from "nothing matched" (already gone,
  // or not allowed by the row-level security policies).
  const { data, error } = await supabase.from(table).delete().eq('id', id).select('id')
  if (error) throw error
  if (!data || data.length === 0) throw new Error(`No ${table} row with id ${id} was deleted`)
}

/** A single-row table (hero, about, settings): PATCH the row by id, or insert it (without an id) when there is none. */
export function saveSingleRow<Row>(table: string, id: string | null | undefined, payload: object): Promise<Row> {
  return id ? updateRow<Row>(table, id, payload) : insertRow<Row>(table, payload)
}
