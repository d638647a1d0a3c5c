import { Checkbox, Group, NativeSelect } from '@mantine/core';
import { useContext } from 'react';
import { choicesFor, type Choice } from '../../form/choices.js';
import { fieldId, pathKey, wordKey } from '../../form/draft.js';
import { enumItems } from '../../form/json-schema.js';
import { humanise, fieldWords } from '../../field-words.js';
import { DraftContext, useEditor } from './editor-context.js';
import type { FieldProps } from './field-props.js';
import { TextField } from './ScalarFields.js';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The choices with the current value among them, even when it names nothing any more. */
function withCurrent(choices: Choice[], value: unknown, required: boolean): Choice[] {
  const current = typeof value === 'string' ? value : '';
  const all = choices.some((c) => c.value === current)
    ? choices
    : [...choices, { value: current, label: current ? `${current} (not found)` : 'Choose…' }];
  return required ? all : [{ value: '', label: 'None' }, ...all.filter((c) => c.value !== '')];
}

function SelectField({
  path,
  value,
  required,
  label,
  choices,
}: FieldProps & { choices: Choice[] }) {
  const { name, issues, change } = useEditor();
  const words = fieldWords(name, path);
  return (
    <NativeSelect
      id={fieldId(path)}
      label={label ?? words.label}
      description={words.description}
      required={required}
      error={issues.get(pathKey(path))}
      data={withCurrent(choices, value, required)}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => {
        const next = e.currentTarget.value;
        change(path, next === '' && !required ? undefined : next);
      }}
    />
  );
}

/** One of a fixed list (the shape of a room's outline, the kind of a place). */
export function EnumField(props: FieldProps) {
  const { name } = useEditor();
  const options = fieldWords(name, props.path).options ?? {};
  const choices = (props.schema.enum ?? []).map((v) => ({
    value: String(v),
    label: options[String(v)] ?? humanise(String(v)),
  }));
  return <SelectField {...props} choices={choices} />;
}

/** An id of another part (a floor, a gallery picture), chosen from those there are. */
export function IdChoiceField(props: FieldProps) {
  const { name, others } = useEditor();
  const draft = useContext(DraftContext);
  const choices = choicesFor(name, props.path, draft, others);
  // Until the other kind is loaded, the id is typed.
  return choices ? <SelectField {...props} choices={choices} /> : <TextField {...props} />;
}

/** Several of a fixed list (the meals of a plan; days of the week): one checkbox each. */
export function MultiChoiceField({ schema, path, value }: FieldProps) {
  const { name, issues, change, root } = useEditor();
  const words = fieldWords(name, path);
  const weekdays = wordKey(path).endsWith('weekdays');
  const values: string[] = weekdays
    ? WEEKDAYS.map((_, i) => String(i))
    : (enumItems(schema, root) ?? []).map(String);
  const labelOf = (v: string) =>
    weekdays ? WEEKDAYS[Number(v)]! : (words.options?.[v] ?? humanise(v));
  const chosen = Array.isArray(value) ? value.map(String) : [];
  return (
    <Checkbox.Group
      id={fieldId(path)}
      label={words.label}
      description={words.description}
      error={issues.get(pathKey(path))}
      value={chosen}
      onChange={(next) => {
        const ordered = values.filter((v) => next.includes(v));
        change(path, weekdays ? ordered.map(Number) : ordered);
      }}
    >
      <Group gap="md" mt="xs">
        {values.map((v) => (
          <Checkbox key={v} value={v} label={labelOf(v)} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
