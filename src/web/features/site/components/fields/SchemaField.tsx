import { Text } from '@mantine/core';
import { memo } from 'react';
import { hasChoices } from '../../form/choices.js';
import { pathKey, wordKey } from '../../form/draft.js';
import { enumItems, fieldType, resolve } from '../../form/json-schema.js';
import { fieldWords } from '../../field-words.js';
import { ArrayField } from './ArrayField.js';
import { EnumField, IdChoiceField, MultiChoiceField } from './ChoiceFields.js';
import { useEditor } from './editor-context.js';
import type { FieldProps } from './field-props.js';
import { ObjectField } from './ObjectField.js';
import { BooleanField, NumberField, TextField } from './ScalarFields.js';

/** The input of a field, by its schema: texts, numbers, switches, choices, objects and lists. */
function AnyField(props: FieldProps) {
  const { name, root } = useEditor();
  const schema = resolve(props.schema, root);
  const field = { ...props, schema };
  if (hasChoices(name, props.path)) return <IdChoiceField {...field} />;
  switch (fieldType(schema)) {
    case 'object':
      return <ObjectField {...field} />;
    case 'array':
      return enumItems(schema, root) || wordKey(props.path).endsWith('weekdays') ? (
        <MultiChoiceField {...field} />
      ) : (
        <ArrayField {...field} />
      );
    case 'number':
      return <NumberField {...field} />;
    case 'boolean':
      return <BooleanField {...field} />;
    case 'enum':
      return <EnumField {...field} />;
    case 'string':
      return <TextField {...field} />;
    default:
      return (
        <Text size="sm">
          {fieldWords(name, props.path).label}: this part cannot be changed here.
        </Text>
      );
  }
}

/**
 * A field, drawn again only when its own value changes: typing in one field
 * does not redraw the hundred others of a long kind.
 */
export const SchemaField = memo(
  AnyField,
  (a, b) =>
    a.value === b.value &&
    a.schema === b.schema &&
    a.required === b.required &&
    a.depth === b.depth &&
    a.label === b.label &&
    pathKey(a.path) === pathKey(b.path),
);
