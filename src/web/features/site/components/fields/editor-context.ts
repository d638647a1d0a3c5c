import { createContext, useContext, type ComponentType } from 'react';
import type { ContentName } from '../../kinds.js';
import type { UploadedImage } from '../../api/content.js';
import type { Path } from '../../form/draft.js';
import type { JsonSchema } from '../../form/json-schema.js';
import type { FieldProps } from './field-props.js';

/** What every field of the editor shares; the same object while the draft is typed. */
export interface EditorContextValue {
  name: ContentName;
  root: JsonSchema;
  /** The first problem of each field, by `pathKey`. */
  issues: ReadonlyMap<string, string>;
  currency: string;
  /** The other kinds as published (for the choices that name them). */
  others: Partial<Record<ContentName, unknown>>;
  change: (path: Path, value: unknown) => void;
  upload: (file: File) => Promise<UploadedImage>;
  /** Draws a field of any type: the parts of an object or a list are drawn with it. */
  Field: ComponentType<FieldProps>;
}

export const EditorContext = createContext<EditorContextValue | null>(null);

/** The whole draft: read only by the fields chosen from its other parts. */
export const DraftContext = createContext<unknown>(undefined);

export function useEditor(): EditorContextValue {
  const editor = useContext(EditorContext);
  if (!editor) throw new Error('A field of the site editor is drawn outside the editor.');
  return editor;
}
