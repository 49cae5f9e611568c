/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string
  readonly VITE_SUPABASE_ANON_KEY?: string
  /** Milliseconds a deletion in the admin can be undone (6000 unless set at build time). */
  readonly VITE_ADMIN_UNDO_MS?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
