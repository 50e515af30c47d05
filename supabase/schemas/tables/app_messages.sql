-- app_messages ---------------------------------------------------------------------
-- The server's messages by key (issue 39): a refusal carries a key and its parameters
-- (public.cmd_reject, functions/cmd_helpers.sql); the device shows the key's text in its own
-- language (src/lib/i18n, the catalogue's `server` keys), and the Indonesian default sentence
-- made from this table goes along for API users and the audit trail. The rows are the
-- catalogue's Indonesian `server` texts, written by `npm run messages:sql`
-- (data/app_messages.sql); tests/unit/app-messages.test.ts keeps the two equal (tests/support/app-messages.ts writes it).
create table public.app_messages (
  key text primary key,
  text text not null
);

comment on table public.app_messages is
  'The server''s messages by key, in Bahasa Indonesia ({{name}} marks a parameter): the default sentence of a refusal.';

alter table public.app_messages enable row level security;
