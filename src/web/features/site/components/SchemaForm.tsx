import { useMemo } from 'react';
import type { ContentIssue } from '../../../../shared/site-content.js';
import { uploadImage } from '../api/content.js';
import { pathKey, type Path } from '../form/draft.js';
import { formSchemaOf } from '../form/json-schema.js';
import type { ContentName } from '../kinds.js';
import { DraftContext, EditorContext, type EditorContextValue } from './fields/editor-context.js';
import { SchemaField } from './fields/SchemaField.js';

export interface SchemaFormProps {
  name: ContentName;
  draft: unknown;
  /** The problems to show at their fields. */
  issues: readonly ContentIssue[];
  currency: string;
  others: Partial<Record<ContentName, unknown>>;
  onChange: (path: Path, value: unknown) => void;
}

/** The form of one kind, drawn from its schema, every field named in plain words. */
export function SchemaForm({ name, draft, issues, currency, others, onChange }: SchemaFormProps) {
  const byField = useMemo(() => {
    const map = new Map<string, string>();
    for (const issue of issues)
      if (!map.has(pathKey(issue.path))) map.set(pathKey(issue.path), issue.message);
    return map;
  }, [issues]);
  const editor = useMemo<EditorContextValue>(
    () => ({
      name,
      root: formSchemaOf(name),
      issues: byField,
      currency,
      others,
      change: onChange,
      upload: uploadImage,
      Field: SchemaField,
    }),
    [name, byField, currency, others, onChange],
  );
  return (
    <EditorContext value={editor}>
      <DraftContext value={draft}>
        <SchemaField schema={editor.root} path={[]} value={draft} required depth={0} />
      </DraftContext>
    </EditorContext>
  );
}
