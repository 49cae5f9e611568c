// The description editor's toolbar and allowed formats. In Quill 2 the
// bullet list is the 'list' format with the value 'bullet', so 'bullet' is no format name
// of its own.
export const editorToolbar = [
  [{ header: [1, 2, 3, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ color: [] }, { background: [] }],
  [{ align: [] }],
  ['link'],
  ['clean'],
]

export const editorFormats = ['header', 'bold', 'italic', 'underline', 'strike', 'list', 'color', 'background', 'align', 'link']

export const editorMinHeightPx = 120
