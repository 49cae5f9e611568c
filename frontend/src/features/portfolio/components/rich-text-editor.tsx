// The description editor (admin only, loaded on demand): Quill 2 through react-quill-new,
// with the spec's toolbar and formats. Alignment is written as an inline text-align style
// rather than Quill's ql-align-* class, since the sanitiser keeps styles and drops classes.
import { useEffect, useRef } from 'react'
import ReactQuill, { Quill } from 'react-quill-new'
import 'react-quill-new/dist/quill.snow.css'
import { editorFormats, editorToolbar } from '../editor-config'

Quill.register(Quill.import('attributors/style/align') as never, true)

// Quill's own Tab handling (indent, insert a tab) is switched off so Tab and Shift+Tab move
// focus in and out of the editor like any field (no keyboard trap, WCAG 2.1.2); lists are
// still made and ended from the toolbar.
const tabBindings = ['indent', 'outdent', 'indent code-block', 'outdent code-block', 'remove tab', 'tab', 'table tab']
const modules = {
  toolbar: editorToolbar,
  keyboard: { bindings: Object.fromEntries(tabBindings.map((name) => [name, false])) },
}

export interface RichTextEditorProps {
  defaultValue: string
  onChange: (html: string) => void
  labelledBy: string
  describedBy?: string
  /** A viewer's admin: the text shows but cannot be changed (a disabled fieldset does not stop a contenteditable). */
  readOnly?: boolean
}

export default function RichTextEditor({ defaultValue, onChange, labelledBy, describedBy, readOnly = false }: RichTextEditorProps) {
  const ref = useRef<ReactQuill>(null)

  useEffect(() => {
    const root = ref.current?.getEditor().root
    if (!root) return
    root.setAttribute('role', 'textbox')
    root.setAttribute('aria-multiline', 'true')
    root.setAttribute('aria-labelledby', labelledBy)
    if (describedBy) root.setAttribute('aria-describedby', describedBy)
  }, [labelledBy, describedBy])

  return (
    <ReactQuill
      ref={ref}
      theme="snow"
      defaultValue={defaultValue}
      // Only the owner's edits count: Quill re-writing the loaded HTML in its own form is
      // not a change (it would mark an untouched form as unsaved).
      onChange={(html, _delta, source) => {
        if (source === 'user') onChange(html)
      }}
      readOnly={readOnly}
      modules={modules}
      formats={editorFormats}
      className="rich-text-editor overflow-hidden rounded-xl bg-white [&_.ql-container]:text-base [&_.ql-editor]:min-h-[120px] [&_.ql-toolbar]:flex [&_.ql-toolbar]:flex-wrap"
    />
  )
}
