// Quill takes its text once, when it mounts. When the form's text changes from outside
// the editor (Restore the original text, a newer version read, a draft or a history
// version restored, a conflict's "Load theirs"), the editor is mounted again with it:
// `generation` is its key, and `typed` records what the editor itself handed over, which
// needs no new mount.
import { useState } from 'react'

export function useEditorGeneration(html: string) {
  const [state, setState] = useState({ html, generation: 0 })
  if (state.html !== html) setState({ html, generation: state.generation + 1 })
  return {
    generation: state.generation,
    typed: (typedHtml: string) => setState((current) => ({ ...current, html: typedHtml })),
  }
}
