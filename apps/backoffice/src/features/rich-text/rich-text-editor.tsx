import { useEffect } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

export interface RichTextEditorProps {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  onBlur: () => void;
  describedBy?: string | undefined;
  invalid: boolean;
}

type Mark = 'bold' | 'italic';

function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bullets: current.isActive('bulletList'),
      numbers: current.isActive('orderedList'),
      link: current.isActive('link'),
    }),
  });
  const chain = () => editor.chain().focus();
  const mark = (name: Mark) => (name === 'bold' ? chain().toggleBold().run() : chain().toggleItalic().run());
  const link = () => {
    const previous = editor.getAttributes('link').href as string | undefined;
    const href = window.prompt('Link address (https://…), empty to remove', previous ?? 'https://');
    if (href === null) return;
    if (href.trim() === '') chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };
  const buttons: [string, boolean | undefined, () => void][] = [
    ['Bold', state.bold, () => mark('bold')],
    ['Italic', state.italic, () => mark('italic')],
    ['Heading', state.h2, () => chain().toggleHeading({ level: 2 }).run()],
    ['Subheading', state.h3, () => chain().toggleHeading({ level: 3 }).run()],
    ['Bulleted list', state.bullets, () => chain().toggleBulletList().run()],
    ['Numbered list', state.numbers, () => chain().toggleOrderedList().run()],
    ['Link', state.link, link],
    ['Undo', undefined, () => chain().undo().run()],
    ['Redo', undefined, () => chain().redo().run()],
  ];
  return (
    <div className="staff-editor__toolbar" role="toolbar" aria-label={`Formatting: ${label}`}>
      {buttons.map(([label, pressed, run]) => (
        // A press does not take the focus from the text (its selection stays, and what is typed next goes there at
        // once: Tiptap gives the focus back only at the next frame).
        <button key={label} type="button" aria-pressed={pressed} onMouseDown={(event) => event.preventDefault()} onClick={run}>
          {label}
        </button>
      ))}
    </div>
  );
}

/**
 * Tiptap destroys an editor a millisecond after its component's effects were cleaned up, unless they ran
 * again by then, and makes a new one at the next render. Until then the destroyed one, which has no schema
 * left, must not be read: its getHTML threw (seen in e2e on a busy machine) and the back office's section
 * showed as unavailable.
 */
const live = (editor: Editor | null): editor is Editor => editor !== null && !editor.isDestroyed;

/**
 * The rich-text editor (Tiptap, on ProseMirror), loaded only when a form needs it: paragraphs, headings,
 * bold, italic, lists and links, all within the allow-list the API sanitises with. It writes HTML.
 */
export default function RichTextEditor({ id, label, value, onChange, onBlur, describedBy, invalid }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: { openOnClick: false, protocols: ['mailto', 'tel'] },
        underline: false,
        code: false,
        codeBlock: false,
      }),
    ],
    content: value,
    // The site's CSP allows no inline <style>: the editor's few rules are in the back office's style sheet.
    injectCSS: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        'aria-invalid': String(invalid),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    onBlur,
  });
  // A value set from outside (the form reset with a loaded item) replaces the content.
  useEffect(() => {
    if (!live(editor)) return;
    if (value !== editor.getHTML() && !(value === '' && editor.isEmpty)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  if (!live(editor)) return null;
  return (
    <div className="staff-editor">
      <Toolbar editor={editor} label={label} />
      <EditorContent editor={editor} className="staff-editor__content" />
    </div>
  );
}
