// The admin's writes, as supabase-js calls: insert one row, PATCH one row by
// id only if it is still the version the editor loaded, DELETE one row by id,
// each reading the written row back (Prefer: return=representation) so a missing
// row or a refused write is an error or a conflict, never a silent no-op. A
// returned error object is thrown.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from './database.types'
import { valuesEqual } from './values-equal'
import { supabase } from './supabase'

/** A table of the site's schema (database.types.ts, generated from the migrations). */
export type TableName = keyof Database['public']['Tables']

// These helpers serve every content table with the same columns `id` and
// `updated_at` but otherwise different rows: supabase-js types a query for one
// table at a time, so inside them the client is seen untyped; their table names
// are checked against the schema.
const db = supabase as unknown as SupabaseClient

/** A content row as an editor loaded it: the database stamps `updated_at` on every update, so it is its version. */
export interface Versioned {
  id: string
  updated_at?: string | null
}

/** The latest entry of `content_revisions` for a row: who changed it last, and when. */
export interface Revision {
  action: 'insert' | 'update' | 'delete'
  /** Null when the writer had no user (a script with the service role, psql). */
  changed_by: string | null
  changed_by_email: string | null
  changed_at: string
}

/** Someone changed (or deleted) the row since the editor loaded it; nothing was written. */
export interface Conflict<Row> {
  /** The row as it is stored now; null when it was deleted. */
  current: Row | null
  revision: Revision | null
}

export type GuardedSave<Row> = { kind: 'saved'; row: Row } | { kind: 'conflict'; conflict: Conflict<Row> }

export async function insertRow<Row>(table: TableName, payload: object): Promise<Row> {
  const { data, error } = await db.from(table).insert(payload).select().single()
  if (error) throw error
  return data as Row
}

/** The columns a save writes that the editor's form never edits: a difference there is no conflict. */
const notEdited = new Set(['updated_at', 'sort_order'])

/** True when `a` and `b` hold the same value in every column of `payload` the form edits. */
export function sameOnEditedFields(payload: object, a: object, b: object): boolean {
  return Object.keys(payload)
    .filter((key) => !notEdited.has(key))
    .every((key) => valuesEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
}

/**
 * Whether a save that found `current` instead of `loaded` can go ahead over it without
 * asking: nobody changed a field the form edits (a reorder only moved the row), or the
 * stored row already holds exactly what is being saved.
 */
export function canMergeSilently(payload: object, loaded: object, current: object): boolean {
  return sameOnEditedFields(payload, loaded, current) || sameOnEditedFields(payload, payload, current)
}

async function readRow<Row>(table: TableName, id: string): Promise<Row | null> {
  const { data, error } = await db.from(table).select('*').eq('id', id).maybeSingle()
  if (error) throw error
  return (data as Row | null) ?? null
}

/** The last change recorded for the row, or null when the history cannot be read. */
export async function latestRevision(table: TableName, id: string): Promise<Revision | null> {
  const { data, error } = await supabase
    .from('content_revisions')
    .select('action, changed_by, changed_by_email, changed_at')
    .eq('table_name', table)
    .eq('row_id', id)
    .order('id', { ascending: false })
    .limit(1)
    .maybeSingle()
  if (error) {
    console.error('Error reading who changed the row:', error)
    return null
  }
  return (data as Revision | null) ?? null
}

async function readConflict<Row>(table: TableName, id: string): Promise<Conflict<Row>> {
  const [current, revision] = await Promise.all([readRow<Row>(table, id), latestRevision(table, id)])
  return { current, revision }
}

/** PATCH `?id=eq.X&updated_at=eq.<loaded>`: the written row, or null when no row had that version. */
async function patchIfVersion<Row>(table: TableName, loaded: Versioned, payload: object): Promise<Row | null> {
  const byId = db.from(table).update(payload).eq('id', loaded.id)
  const guarded = loaded.updated_at ? byId.eq('updated_at', loaded.updated_at) : byId.is('updated_at', null)
  const { data, error } = await guarded.select()
  if (error) throw error
  const rows = (data ?? []) as Row[]
  return rows[0] ?? null
}

/**
 * Saves `payload` over the row only if it is still the version `loaded` (the row the
 * form was opened with, or last saved). When someone changed it meanwhile, reads who
 * and what, and goes ahead silently only when their change touched nothing the form
 * edits (then with their version as the base, and their `sort_order` kept); otherwise
 * nothing is written and the conflict is returned for the owner to decide.
 */
export async function updateRowIfUnchanged<Row extends Versioned>(
  table: TableName,
  loaded: Versioned,
  payload: object,
): Promise<GuardedSave<Row>> {
  let base: Versioned = loaded
  let body: Record<string, unknown> = { ...payload }
  // Each round that finds a merely moved row tries again on its version; a row that
  // keeps changing under the save is reported rather than chased for ever.
  for (let round = 0; round < 3; round += 1) {
    const row = await patchIfVersion<Row>(table, base, body)
    if (row) return { kind: 'saved', row }
    const conflict = await readConflict<Row>(table, loaded.id)
    const current = conflict.current
    if (!current || !canMergeSilently(body, base, current)) return { kind: 'conflict', conflict }
    const stored = current as unknown as Record<string, unknown>
    if ('sort_order' in body && 'sort_order' in stored) body = { ...body, sort_order: stored.sort_order }
    base = current
  }
  return { kind: 'conflict', conflict: await readConflict<Row>(table, loaded.id) }
}

/** A single-row table (hero, about, settings): the guarded PATCH of the loaded row, or the insert (without an id) when there is none. */
export async function saveSingleRow<Row extends Versioned>(
  table: TableName,
  loaded: Versioned | null | undefined,
  payload: object,
): Promise<GuardedSave<Row>> {
  if (loaded?.id) return updateRowIfUnchanged<Row>(table, loaded, payload)
  return { kind: 'saved', row: await insertRow<Row>(table, payload) }
}

export async function deleteRow(table: TableName, id: string): Promise<void> {
  // Reading the deleted row back tells "deleted" from "nothing matched" (already gone,
  // or not allowed by the row-level security policies).
  const { data, error } = await db.from(table).delete().eq('id', id).select('id')
  if (error) throw error
  if (!data || data.length === 0) throw new Error(`No ${table} row with id ${id} was deleted`)
}

/** How a guarded delete ended: done, the row already gone (and who deleted it), or kept because someone changed it. */
export type GuardedDelete =
  { kind: 'deleted' } | { kind: 'gone'; revision: Revision | null } | { kind: 'changed'; conflict: Conflict<unknown> }

/**
 * Deletes the content row `loaded` only if it is still the version the list showed
 * (`?id=eq.X&updated_at=eq.T`). A row changed since is kept and reported, unless only
 * its place in the order changed (a reorder elsewhere); a row already gone is reported
 * as such; a delete the policies refuse is an error.
 */
export async function deleteRowIfUnchanged(table: TableName, loaded: Versioned): Promise<GuardedDelete> {
  let base: Versioned = loaded
  for (let round = 0; round < 3; round += 1) {
    const byId = db.from(table).delete().eq('id', base.id)
    const guarded = base.updated_at ? byId.eq('updated_at', base.updated_at) : byId.is('updated_at', null)
    const { data, error } = await guarded.select('id')
    if (error) throw error
    if (data && data.length > 0) return { kind: 'deleted' }
    const conflict = await readConflict<Versioned>(table, loaded.id)
    if (!conflict.current) return { kind: 'gone', revision: conflict.revision }
    if (conflict.current.updated_at === base.updated_at) throw new Error(`No ${table} row with id ${loaded.id} was deleted`)
    if (!sameOnEditedFields(loaded, loaded, conflict.current)) return { kind: 'changed', conflict }
    base = conflict.current
  }
  return { kind: 'changed', conflict: await readConflict<unknown>(table, loaded.id) }
}
