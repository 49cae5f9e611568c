-- Who may edit an app's content is now said by `app_metadata.editor`, which
-- only an administrator can set (issue 10, finding 12): accounts made by
-- `pleat user add`, PLEAT_ADMIN_EMAIL or the admin API get it, self sign-ups
-- never do. Every account that exists at this upgrade was made by an
-- administrator (public signup was off by default), so each becomes an editor
-- and its owner keeps editing. An `editor` value already set is left alone.
-- Access tokens carry the flag from their next refresh on.
update auth.users
set raw_app_meta_data = raw_app_meta_data || '{"editor": true}'::jsonb
where not (raw_app_meta_data ? 'editor');
