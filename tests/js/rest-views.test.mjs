// Embedding views through supabase-js, as PostgREST 12 infers their
// relationships from the keys of the tables they show (docs: "Embedding
// Views"; SchemaCache.hs addViewM2OAndO2ORels/addViewPrimaryKeys; Plan.hs
// findRel): renamed columns, a view of a view, a view joining two tables, a
// foreign key column a view leaves out, many-to-many through a view of a
// junction in a schema that is not exposed, the ambiguity between a table's two
// foreign keys toward a view and its !hint, and writes through a view's
// inferred primary key. Objects: tests/fixtures/rest_views.sql.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startRestFixture, expectOk, expectError } from './lib/rest-fixture.mjs';

let fx;
before(async () => {
  fx = await startRestFixture();
});
after(() => fx?.stop());

const from = (t) => fx.anon.from(t);

describe('relationships through base tables', () => {
  test('a table from a view whose columns are renamed', async () => {
    const res = await from('v_sent').select('text,sender:v_people(name)').order('message_id');
    expectOk(assert, res, {
      data: [
        { text: 'Hi Ben', sender: { name: 'Ann' } },
        { text: 'Hi Ann', sender: { name: 'Ben' } },
        { text: 'All hands', sender: { name: 'Cy' } },
      ],
    });
  });

  test('a view from a table, one-to-many on the view column', async () => {
    const res = await from('v_people').select('name,v_sent(text)').eq('id', 1).single();
    expectOk(assert, res, { data: { name: 'Ann', v_sent: [{ text: 'Hi Ben' }] } });
  });

  test('view to view, the target a view of a view', async () => {
    const res = await from('v_sent').select('message_id,v_contacts(contact_id,display_name)').order('message_id').limit(2);
    expectOk(assert, res, {
      data: [
        { message_id: 1, v_contacts: { contact_id: 1, display_name: 'Ann' } },
        { message_id: 2, v_contacts: { contact_id: 2, display_name: 'Ben' } },
      ],
    });
  });

  test('a view joining two tables relates by the columns it shows', async () => {
    const res = await from('v_inbox').select('body,sender_name,recipient:v_people(name)').order('id');
    expectOk(assert, res, {
      data: [
        { body: 'Hi Ben', sender_name: 'Ann', recipient: { name: 'Ben' } },
        { body: 'Hi Ann', sender_name: 'Ben', recipient: { name: 'Ann' } },
        { body: 'All hands', sender_name: 'Cy', recipient: null },
      ],
    });
  });

  test('!inner and filters on an embedded view', async () => {
    const res = await from('v_people').select('name,v_sent!inner(text)').eq('v_sent.text', 'Hi Ann');
    expectOk(assert, res, { data: [{ name: 'Ben', v_sent: [{ text: 'Hi Ann' }] }] });
  });

  test('many-to-many through the view of a junction that is not exposed', async () => {
    for (const origin of ['v_people', 'v_people_stats']) {
      const res = await from(origin).select('name,v_groups(name)').order('id').order('name', { referencedTable: 'v_groups' });
      expectOk(assert, res, {
        data: [
          { name: 'Ann', v_groups: [{ name: 'admins' }, { name: 'editors' }] },
          { name: 'Ben', v_groups: [{ name: 'editors' }] },
          { name: 'Cy', v_groups: [] },
        ],
      });
    }
    const back = await from('v_groups').select('name,v_people(name)').eq('id', 1);
    expectOk(assert, back, { data: [{ name: 'admins', v_people: [{ name: 'Ann' }] }] });
  });
});

describe('what relates a view and what does not', () => {
  test('a foreign key column the view leaves out: PGRST200', async () => {
    // v_sent shows the sender (as from_id), not the recipient.
    const sender = await from('v_sent').select('message_id,v_people!from_id(name)').eq('message_id', 1);
    expectOk(assert, sender, { data: [{ message_id: 1, v_people: { name: 'Ann' } }] });
    const res = await from('v_sent').select('text,v_people!recipient(name)');
    expectError(assert, res, {
      status: 400,
      code: 'PGRST200',
      message: "Could not find a relationship between 'v_sent' and 'v_people' in the schema cache",
      details:
        "Searched for a foreign key relationship between 'v_sent' and 'v_people' using the hint 'recipient' in the schema 'public', but no matches were found.",
      hint: null,
    });
  });

  test("a table's two foreign keys toward a view: 300 PGRST201 listing both", async () => {
    const res = await from('v_messages').select('body,v_people_stats(name)');
    expectError(assert, res, {
      status: 300,
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 'v_messages' and 'v_people_stats'",
      details: [
        {
          cardinality: 'many-to-one',
          embedding: 'v_messages with v_people_stats',
          relationship: 'v_messages_recipient_fkey using v_messages(recipient) and v_people_stats(id)',
        },
        {
          cardinality: 'many-to-one',
          embedding: 'v_messages with v_people_stats',
          relationship: 'v_messages_sender_fkey using v_messages(sender) and v_people_stats(id)',
        },
      ],
      hint: "Try changing 'v_people_stats' to one of the following: 'v_people_stats!v_messages_recipient_fkey', 'v_people_stats!v_messages_sender_fkey'. Find the desired relationship in the 'details' key.",
    });
  });

  test('the !hint (constraint or column) picks one', async () => {
    const res = await from('v_messages')
      .select('id,from:v_people_stats!v_messages_sender_fkey(name,sent),to:v_people_stats!recipient(name)')
      .order('id');
    expectOk(assert, res, {
      data: [
        { id: 1, from: { name: 'Ann', sent: 1 }, to: { name: 'Ben' } },
        { id: 2, from: { name: 'Ben', sent: 1 }, to: { name: 'Ann' } },
        { id: 3, from: { name: 'Cy', sent: 1 }, to: null },
      ],
    });
  });

  test('a foreign key column as the target names the table, not its views', async () => {
    const res = await from('v_sent').select('message_id,from_id(name)').eq('message_id', 2).single();
    expectOk(assert, res, { data: { message_id: 2, from_id: { name: 'Ben' } } });
  });
});

describe("a view's primary key from its table", () => {
  test('upsert merges on it', async () => {
    const res = await fx.service
      .from('v_sent')
      .upsert([
        { message_id: 3, text: 'All hands, 10am', from_id: 3 },
        { message_id: 9, text: 'Welcome', from_id: 1 },
      ])
      .select('message_id,text,v_people(name)');
    const data = expectOk(assert, res, { status: 201 });
    assert.deepEqual(
      [...data].sort((a, b) => a.message_id - b.message_id),
      [
        { message_id: 3, text: 'All hands, 10am', v_people: { name: 'Cy' } },
        { message_id: 9, text: 'Welcome', v_people: { name: 'Ann' } },
      ],
    );
    const rows = await from('v_messages').select('id,body').in('id', [3, 9]).order('id');
    expectOk(assert, rows, {
      data: [
        { id: 3, body: 'All hands, 10am' },
        { id: 9, body: 'Welcome' },
      ],
    });
  });

});
