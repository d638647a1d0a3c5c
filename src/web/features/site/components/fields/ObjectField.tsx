import { Checkbox, Stack } from '@mantine/core';
import { fieldId, pathKey } from '../../form/draft.js';
import { emptyValueFor, pictureKey } from '../../form/json-schema.js';
import { fieldWords } from '../../field-words.js';
import { useEditor } from './editor-context.js';
import type { FieldProps } from './field-props.js';
import { GroupFrame } from './GroupFrame.js';
import { PictureField } from './PictureField.js';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** An object's fields, one under the other; an image's picture first. */
export function ObjectFields({ schema, path, value, depth }: FieldProps) {
  const { Field } = useEditor();
  const doc = isRecord(value) ? value : undefined;
  const picture = pictureKey(schema);
  return (
    <Stack gap="sm">
      {picture ? <PictureField path={path} value={doc ?? {}} pictureKey={picture} /> : null}
      {Object.entries(schema.properties ?? {}).map(([key, prop]) => (
        <Field
          key={key}
          schema={prop}
          path={[...path, key]}
          value={doc?.[key]}
          required={schema.required?.includes(key) ?? false}
          depth={depth + 1}
        />
      ))}
    </Stack>
  );
}

/**
 * An object in a fieldset named by its words. One the schema lets leave out
 * (the deposit) has a checkbox before it that adds or removes it.
 */
export function ObjectField(props: FieldProps) {
  const { schema, path, value, required, depth } = props;
  const { name, issues, change, root } = useEditor();
  if (path.length === 0) return <ObjectFields {...props} />;
  const words = fieldWords(name, path);
  const present = isRecord(value);
  const optional = !required;
  const frame = (
    <GroupFrame
      id={fieldId(path)}
      legend={props.label ?? words.label}
      description={optional ? undefined : words.description}
      error={issues.get(pathKey(path))}
      depth={depth}
    >
      <ObjectFields {...props} />
    </GroupFrame>
  );
  if (!optional) return frame;
  return (
    <Stack gap="xs">
      <Checkbox
        label={words.toggle ?? `Include: ${words.label}`}
        description={words.description}
        checked={present}
        onChange={(e) =>
          change(path, e.currentTarget.checked ? emptyValueFor(schema, root) : undefined)
        }
      />
      {present ? frame : null}
    </Stack>
  );
}
