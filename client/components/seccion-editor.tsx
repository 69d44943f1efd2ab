// One section of the informe in a rich-text editor. TipTap (ProseMirror; pinned) does the editing
// —selection, undo, lists, pasting from a word processor— with only the extensions the informe's
// content knows: paragraphs, bullet lists, bold, italic and underline (Ctrl+B, Ctrl+I, Ctrl+U; a
// line starting with «- » becomes a list), and the clinic's phrases: a shortcut typed and then Tab
// becomes its text (Tab elsewhere moves on, as it does everywhere). lib/contenido-informe.ts
// converts to and from its document.
import { Bold } from '@tiptap/extension-bold'
import { Document } from '@tiptap/extension-document'
import { Italic } from '@tiptap/extension-italic'
import { BulletList, ListItem } from '@tiptap/extension-list'
import { Paragraph } from '@tiptap/extension-paragraph'
import { Text } from '@tiptap/extension-text'
import { Underline } from '@tiptap/extension-underline'
import { Placeholder, UndoRedo } from '@tiptap/extensions'
import { EditorContent, Extension, useEditor, type Editor } from '@tiptap/react'
import { useEffect, useRef } from 'react'
import type { Bloque } from '../../shared/informes.js'
import { aBloques, aDocumento } from '../lib/contenido-informe.js'
import './seccion-editor.css'

const EXTENSIONES = [
  Document,
  Paragraph,
  Text,
  Bold,
  Italic,
  Underline,
  BulletList,
  ListItem,
  UndoRedo,
]

/** The shortcut just typed: letters and digits after a space or the line's start. */
const ATAJO = /(?:^|[^\p{L}\p{N}])([a-z0-9]{2,20})$/u

/** Tab after a phrase's shortcut replaces the shortcut with the phrase. */
const ExpandirFrase = Extension.create<{ frases: () => ReadonlyMap<string, string> }>({
  name: 'expandirFrase',
  addOptions() {
    return { frases: () => new Map<string, string>() }
  },
  addKeyboardShortcuts() {
    return {
      Tab: ({ editor }) => {
        const { $from, empty } = editor.state.selection
        if (!empty) return false
        const antes = $from.parent.textBetween(0, $from.parentOffset, undefined, '\ufffc')
        const atajo = ATAJO.exec(antes)?.[1]
        const texto = atajo && this.options.frases().get(atajo)
        if (!atajo || !texto) return false
        return editor
          .chain()
          .deleteRange({ from: $from.pos - atajo.length, to: $from.pos })
          .insertContent(texto)
          .run()
      },
    }
  },
})

function Boton({
  editor,
  marca,
  etiqueta,
  atajo,
  children,
}: {
  editor: Editor
  marca: 'bold' | 'italic' | 'underline' | 'bulletList'
  etiqueta: string
  atajo: string
  children: string
}) {
  const activo = editor.isActive(marca)
  const alternar = () => {
    const cadena = editor.chain().focus()
    if (marca === 'bold') cadena.toggleBold().run()
    else if (marca === 'italic') cadena.toggleItalic().run()
    else if (marca === 'underline') cadena.toggleUnderline().run()
    else cadena.toggleBulletList().run()
  }
  return (
    <button
      type="button"
      className={`editor__boton editor__boton--${marca}`}
      aria-pressed={activo}
      aria-label={etiqueta}
      title={`${etiqueta} (${atajo})`}
      // Keeps the editor's selection: the click must not take the focus first.
      onMouseDown={(e) => e.preventDefault()}
      onClick={alternar}
    >
      {children}
    </button>
  )
}

export function SeccionEditor({
  id,
  titulo,
  bloques,
  soloLectura,
  version,
  frases,
  onEditor,
  onCambio,
}: {
  id: string
  titulo: string
  bloques: readonly Bloque[] | undefined
  soloLectura: boolean
  /** Changes when the content comes from outside (a stored version chosen): the editor reloads it. */
  version: number
  /** The phrases by shortcut, read as Tab is pressed. */
  frases?: ReadonlyMap<string, string>
  /** Told of the editor once it exists and whenever it takes the focus. */
  onEditor?: (editor: Editor, enfocado: boolean) => void
  onCambio: (bloques: Bloque[]) => void
}) {
  const alCambiar = useRef(onCambio)
  alCambiar.current = onCambio
  const lasFrases = useRef(frases)
  lasFrases.current = frases
  const avisar = useRef(onEditor)
  avisar.current = onEditor
  const editor = useEditor({
    extensions: [
      ...EXTENSIONES,
      Placeholder.configure({ placeholder: `Escriba ${titulo.toLowerCase()}…` }),
      ExpandirFrase.configure({ frases: () => lasFrases.current ?? new Map<string, string>() }),
    ],
    content: aDocumento(bloques),
    editable: !soloLectura,
    immediatelyRender: true,
    // The page's Content-Security-Policy allows no inline style: ProseMirror's rules are in
    // informes.css instead.
    injectCSS: false,
    editorProps: {
      attributes: {
        id,
        class: 'editor__texto',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-titulo`,
        spellcheck: 'true',
        lang: 'es',
      },
    },
    onUpdate: ({ editor: e }) => alCambiar.current(aBloques(e.getJSON())),
    onCreate: ({ editor: e }) => avisar.current?.(e, false),
    onFocus: ({ editor: e }) => avisar.current?.(e, true),
  })

  useEffect(() => {
    // Without an update event: becoming editable is not a change of the text.
    editor?.setEditable(!soloLectura, false)
  }, [editor, soloLectura])

  // A version chosen from outside replaces what the editor shows, without counting as typing.
  const primera = useRef(true)
  useEffect(() => {
    if (primera.current) {
      primera.current = false
      return
    }
    editor?.commands.setContent(aDocumento(bloques), { emitUpdate: false })
    // Only a new version reloads (`bloques` is read, not watched): each keystroke's must not.
  }, [editor, version])

  return (
    <section className="editor" aria-labelledby={`${id}-titulo`}>
      <div className="editor__cabecera">
        <h2 id={`${id}-titulo`} className="editor__titulo">
          {titulo}
        </h2>
        {editor && !soloLectura && (
          <div className="editor__barra" role="toolbar" aria-label={`Formato de ${titulo}`}>
            <Boton editor={editor} marca="bold" etiqueta="Negrita" atajo="Ctrl+B">
              N
            </Boton>
            <Boton editor={editor} marca="italic" etiqueta="Cursiva" atajo="Ctrl+I">
              K
            </Boton>
            <Boton editor={editor} marca="underline" etiqueta="Subrayado" atajo="Ctrl+U">
              S
            </Boton>
            <Boton editor={editor} marca="bulletList" etiqueta="Lista" atajo="- y espacio">
              •
            </Boton>
          </div>
        )}
      </div>
      <EditorContent editor={editor} />
    </section>
  )
}
