import { FileButton, Input, Progress, Stack, Text, Textarea } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import '@mantine/tiptap/styles.css';
import { IconCode, IconPhotoPlus } from '@tabler/icons-react';
import Image from '@tiptap/extension-image';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { memo, useEffect, useId, useState } from 'react';
import { MEDIA_UPLOAD_FAILED_MESSAGE } from '../../../../common/blog';
import { checkImageFile } from '../../../../common/uploads';

import { useUpload } from '../../../lib/upload';
import classes from './rich-text-field.module.css';

/** The editable element named by the field's label, and marked invalid with its message. */
function editableAttributes(labelId: string, errorId: string, invalid: boolean): Record<string, string> {
  return {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    ...(invalid ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
  };
}

export interface RichTextFieldProps {
  label: string;
  /** The content as HTML; '' for an empty document. */
  value: string;
  onChange: (html: string) => void;
  error?: string;
  required?: boolean;
}

/**
 * The post's content: a rich-text editor that writes HTML, with an "HTML source" mode where the
 * same HTML is edited as text. Leaving the source mode reads the text back into the editor, which
 * keeps the markup it knows; the value stays as typed until the next edit in the editor, so
 * toggling alone never rewrites what the admin wrote.
 */
export const RichTextField = memo(function RichTextField({
  label,
  value,
  onChange,
  error,
  required,
}: RichTextFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const [sourceMode, setSourceMode] = useState(false);
  const image = useUpload('blog-content', MEDIA_UPLOAD_FAILED_MESSAGE);

  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link, Image],
    content: value,
    // An empty document is '<p></p>' in HTML: the form sees it as no content at all.
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    editorProps: { attributes: editableAttributes(labelId, errorId, Boolean(error)) },
  });

  // The editable element is ProseMirror's: its invalid state follows the form's error by hand.
  useEffect(() => {
    editor.setOptions({ editorProps: { attributes: editableAttributes(labelId, errorId, Boolean(error)) } });
  }, [editor, labelId, errorId, error]);

  const handleToggleSource = () => {
    if (sourceMode) editor.commands.setContent(value, { emitUpdate: false });
    setSourceMode(!sourceMode);
  };

  const handleImage = (file: File | null) => {
    if (!file) return;
    image.start(file, checkImageFile, ({ url }) => {
      editor
        .chain()
        .focus()
        .setImage({ src: url, alt: file.name.replace(/\.[^.]+$/, '') })
        .run();
    });
  };

  return (
    <Input.Wrapper
      label={label}
      labelProps={{ id: labelId, component: 'span' }}
      required={required}
      error={error}
      errorProps={{ id: errorId }}
    >
      <Stack gap={6}>
        <RichTextEditor editor={editor} className={classes.root}>
          <RichTextEditor.Toolbar sticky stickyOffset="var(--app-shell-header-height, 0px)">
            {!sourceMode && (
              <>
                <RichTextEditor.ControlsGroup>
                  <RichTextEditor.H2 />
                  <RichTextEditor.H3 />
                  <RichTextEditor.H4 />
                </RichTextEditor.ControlsGroup>
                <RichTextEditor.ControlsGroup>
                  <RichTextEditor.Bold />
                  <RichTextEditor.Italic />
                  <RichTextEditor.Underline />
                  <RichTextEditor.Strikethrough />
                  <RichTextEditor.Code />
                  <RichTextEditor.ClearFormatting />
                </RichTextEditor.ControlsGroup>
                <RichTextEditor.ControlsGroup>
                  <RichTextEditor.BulletList />
                  <RichTextEditor.OrderedList />
                  <RichTextEditor.Blockquote />
                  <RichTextEditor.CodeBlock />
                </RichTextEditor.ControlsGroup>
                <RichTextEditor.ControlsGroup>
                  <RichTextEditor.Link />
                  <RichTextEditor.Unlink />
                  <FileButton
                    onChange={handleImage}
                    accept="image/*"
                    inputProps={{ 'aria-label': 'Content image file' }}
                  >
                    {(props) => (
                      <RichTextEditor.Control
                        {...props}
                        aria-label="Insert image"
                        title="Insert image"
                        disabled={image.uploading}
                      >
                        <IconPhotoPlus size={16} stroke={1.5} aria-hidden />
                      </RichTextEditor.Control>
                    )}
                  </FileButton>
                </RichTextEditor.ControlsGroup>
                <RichTextEditor.ControlsGroup>
                  <RichTextEditor.Undo />
                  <RichTextEditor.Redo />
                </RichTextEditor.ControlsGroup>
              </>
            )}
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Control
                onClick={handleToggleSource}
                active={sourceMode}
                aria-pressed={sourceMode}
                aria-label="HTML source"
                title="HTML source"
              >
                <IconCode size={16} stroke={1.5} aria-hidden />
              </RichTextEditor.Control>
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
          {sourceMode ? (
            <Textarea
              aria-label={`${label} (HTML source)`}
              value={value}
              onChange={(event) => onChange(event.currentTarget.value)}
              autosize
              minRows={12}
              variant="unstyled"
              classNames={{ input: classes.source }}
              error={Boolean(error)}
            />
          ) : (
            <RichTextEditor.Content className={classes.content} />
          )}
        </RichTextEditor>
        {image.progress !== null && (
          <Progress value={image.progress} aria-label="Image upload progress" size="sm" />
        )}
        {image.error && (
          <Text size="sm" c="red" role="alert">
            {image.error}
          </Text>
        )}
      </Stack>
    </Input.Wrapper>
  );
});
