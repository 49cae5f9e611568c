// A small supabase-js app typed by `pleat gen types typescript` over the REST
// test schema: types.test.mjs copies it next to the generated
// database.types.ts and runs `tsc --noEmit` on it. The `@ts-expect-error`
// lines prove the types are precise (they would be unused under `any`).
import { createClient } from '@supabase/supabase-js';
import type { Database, Enums, Tables, TablesInsert, TablesUpdate } from './database.types';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const same = <A, B>(ok: Equal<A, B>) => ok;

declare const url: string;
declare const key: string;
const supabase = createClient<Database>(url, key);

export async function titles() {
  const { data, error } = await supabase.from('books').select('title, published').order('published');
  if (error) throw error;
  same<typeof data, { title: string; published: number | null }[]>(true);
  return data.map((book) => book.title.toUpperCase());
}

export async function withAuthor() {
  const { data } = await supabase.from('books').select('title, author:authors!books_author_id_fkey(name, mood)').eq('id', 1).single();
  same<typeof data, { title: string; author: { name: string; mood: Enums<'mood'> | null } | null } | null>(true);
  return data?.author?.name;
}

export async function addBook() {
  const book: TablesInsert<'books'> = { title: 'Dune', author_id: 1, meta: { pages: 412 } };
  // @ts-expect-error title is required
  const untitled: TablesInsert<'books'> = { author_id: 1 };
  // @ts-expect-error published is a number
  const wrong: TablesUpdate<'books'> = { published: 'soon' };
  const { data } = await supabase.from('books').insert(book).select('id').single();
  same<typeof data, { id: number } | null>(true);
  return [data?.id, untitled, wrong];
}

export async function sum() {
  const { data } = await supabase.rpc('add_them', { a: 1, b: 2 });
  same<typeof data, number | null>(true);
  // @ts-expect-error b is required
  await supabase.rpc('add_them', { a: 1 });
  const { data: hello } = await supabase.rpc('greet');
  same<typeof hello, string | null>(true);
  const { data: books } = await supabase.rpc('books_by', { author: 1 }).select('title');
  same<typeof books, { title: string }[] | null>(true);
  return data;
}

// Embeds of views resolve through the Relationships views take from their
// tables: a table from a view, a view from a table, view to view.
export async function viewEmbeds() {
  const { data } = await supabase.from('v_sent').select('text, sender:v_people(name), v_contacts(display_name)').eq('message_id', 1).single();
  same<typeof data, { text: string | null; sender: { name: string } | null; v_contacts: { display_name: string | null } | null } | null>(true);
  const { data: people } = await supabase.from('v_people').select('name, v_sent(text)');
  same<typeof people, { name: string; v_sent: { text: string | null }[] }[] | null>(true);
  return [data, people];
}

export async function starsOf() {
  // PostgREST 13 spreads a to-many embed as an array per column.
  const { data } = await supabase.from('books').select('title, ...reviews(stars)').eq('id', 1).single();
  same<typeof data, { title: string; stars: number[] } | null>(true);
  return data?.stars;
}

export const mood: Enums<'mood'> = 'happy';
// @ts-expect-error not one of the enum's labels
export const badMood: Enums<'mood'> = 'angry';
export const row = (author: Tables<'authors'>): string[] => author.tags;
export const view = (t: Tables<'book_titles'>): string | null => t.title;
