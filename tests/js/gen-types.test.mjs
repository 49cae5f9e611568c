// `pleat gen types typescript` over the REST test schema, checked the way an
// app meets it: a supabase-js app typed with the output compiles with
// `tsc --noEmit`, and the same app with a misspelt column does not.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { startRestFixture } from './lib/rest-fixture.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const APP = path.join(HERE, 'types-app');
const TSC = path.join(HERE, 'node_modules', 'typescript', 'bin', 'tsc');

let pleat;
let types;
before(async () => {
  pleat = await startRestFixture();
  const out = await pleat.cli('gen', 'types', 'typescript');
  assert.equal(out.code, 0, out.stderr);
  types = out.stdout;
});
after(() => pleat?.stop());

/**
 * Copies the app (with `edit` applied to its source) beside the generated
 * types in a directory of its own under types-app/ (so `@supabase/supabase-js`
 * resolves from tests/js/node_modules), and runs tsc there.
 */
async function compile(edit = (source) => source) {
  const dir = await mkdtemp(path.join(APP, 'out-'));
  try {
    await writeFile(path.join(dir, 'database.types.ts'), types);
    await copyFile(path.join(APP, 'tsconfig.json'), path.join(dir, 'tsconfig.json'));
    await writeFile(path.join(dir, 'app.ts'), edit(await readFile(path.join(APP, 'app.ts'), 'utf8')));
    return await new Promise((resolve) => {
      execFile(process.execPath, [TSC, '--noEmit', '-p', dir], (error, stdout, stderr) => {
        resolve({ code: error ? (error.code ?? 1) : 0, output: stdout + stderr });
      });
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('the output has the shape supabase-js expects of the Supabase CLI types', () => {
  assert.match(types, /^export type Json =/);
  assert.match(types, /__InternalSupabase: \{\n {4}PostgrestVersion: "13"\n {2}\}/);
  assert.match(types, /\n {2}public: \{\n {4}Tables: \{/);
  assert.match(types, /\n {6}books: \{\n {8}Row: \{\n {10}author_id: number \| null\n/);
  assert.match(
    types,
    /foreignKeyName: "author_profiles_author_id_fkey"\n {12}columns: \["author_id"\]\n {12}isOneToOne: true\n {12}referencedRelation: "authors"\n {12}referencedColumns: \["id"\]/,
  );
  assert.match(types, /\n {6}mood: "sad" \| "ok" \| "happy"\n/);
  for (const helper of ['Tables', 'TablesInsert', 'TablesUpdate', 'Enums', 'CompositeTypes']) {
    assert.match(types, new RegExp(`export type ${helper}<`), helper);
  }
  assert.match(types, /export const Constants = \{\n {2}public: \{\n {4}Enums: \{\n {6}mood: \["sad", "ok", "happy"\],/);
});

/** The `Relationships` block of relation `name` (table or view), as printed. */
function relationshipsOf(name) {
  const start = types.indexOf(`\n      ${name}: {\n`);
  assert.ok(start >= 0, name);
  const at = types.indexOf('Relationships: ', start);
  const end = types.indexOf('\n      }\n', at);
  return types.slice(at, end);
}

const rel = (name, columns, to, refs) =>
  `          {\n            foreignKeyName: "${name}"\n            columns: ${JSON.stringify(columns)}\n            isOneToOne: false\n            referencedRelation: "${to}"\n            referencedColumns: ${JSON.stringify(refs)}\n          },\n`;

test('views list the relationships they take from their tables, as postgres-meta lists them', () => {
  // v_sent shows v_messages.sender as from_id (not the recipient): to the
  // table it references and to every view showing that table's id.
  assert.equal(
    relationshipsOf('v_sent'),
    'Relationships: [\n' +
      rel('v_messages_sender_fkey', ['from_id'], 'v_contacts', ['contact_id']) +
      rel('v_messages_sender_fkey', ['from_id'], 'v_inbox', ['sender_id']) +
      rel('v_messages_sender_fkey', ['from_id'], 'v_people', ['id']) +
      rel('v_messages_sender_fkey', ['from_id'], 'v_people_stats', ['id']) +
      '        ]',
  );
  // A table lists its foreign keys toward the views of the referenced table too.
  assert.equal(
    relationshipsOf('reviews'),
    'Relationships: [\n' +
      rel('reviews_book_id_fkey', ['book_id'], 'book_titles', ['id']) +
      rel('reviews_book_id_fkey', ['book_id'], 'books', ['id']) +
      '        ]',
  );
  // The memberships' foreign keys live in a schema not rendered, so postgres-meta
  // lists none for their view.
  assert.equal(relationshipsOf('v_memberships'), 'Relationships: []');
});

test('a supabase-js app typed with the generated types compiles', async () => {
  const { code, output } = await compile();
  assert.equal(code, 0, output);
});

test('the same app with a misspelt column does not compile, and tsc names the column', async () => {
  const { code, output } = await compile((source) => {
    assert.ok(source.includes(".select('title, published')"));
    return source.replace(".select('title, published')", ".select('title, pubished')");
  });
  assert.equal(code, 2, output);
  assert.match(output, /app\.ts\(\d+,\d+\): error TS\d+: .*pubished/);
});

test('--schema picks the schemas, and an unknown one is an error', async () => {
  await pleat.sql('CREATE SCHEMA extra; CREATE TABLE extra.things (id int PRIMARY KEY)');
  const both = await pleat.cli('gen', 'types', 'typescript', '--schema', 'public, extra');
  assert.equal(both.code, 0, both.stderr);
  assert.match(both.stdout, /\n {2}extra: \{\n {4}Tables: \{\n {6}things: \{/);
  assert.match(both.stdout, /\n {2}public: \{/);
  const missing = await pleat.cli('gen', 'types', 'typescript', '--schema', 'nope');
  assert.equal(missing.code, 1);
  assert.equal(missing.stdout, '');
  assert.match(missing.stderr, /there is no schema nope/);
  const empty = await pleat.cli('gen', 'types', 'typescript', '--schema', 'public,');
  assert.equal(empty.code, 1);
  assert.match(empty.stderr, /--schema has an empty schema name/);
});
