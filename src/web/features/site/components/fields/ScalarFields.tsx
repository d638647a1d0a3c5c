import { Checkbox, NumberInput, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { currencySymbol } from '../../../../../shared/currencies.js';
import { fieldId, pathKey } from '../../form/draft.js';
import { isInteger } from '../../form/json-schema.js';
import { centsToUnits, isMoneyField, unitsToCents } from '../../form/money.js';
import { fieldWords } from '../../field-words.js';
import { useEditor } from './editor-context.js';
import { joinSentences, type FieldProps } from './field-props.js';

/** A text: one line, or a growing box for the longer ones (paragraphs, descriptions). */
export function TextField({ schema, path, value, required, label }: FieldProps) {
  const { name, issues, change } = useEditor();
  const words = fieldWords(name, path);
  const common = {
    id: fieldId(path),
    label: label ?? words.label,
    description: words.description,
    required,
    error: issues.get(pathKey(path)),
    value: typeof value === 'string' ? value : '',
    placeholder: typeof schema.default === 'string' ? schema.default : undefined,
    onChange: (e: { currentTarget: { value: string } }) => {
      const text = e.currentTarget.value;
      change(path, text === '' && !required ? undefined : text);
    },
  };
  // Rows enough for the text there (about 60 characters a row), between 3 and 12.
  const rows = Math.min(12, Math.max(3, Math.ceil(common.value.length / 60)));
  return words.long ? (
    <Textarea {...common} rows={rows} resize="vertical" />
  ) : (
    <TextInput {...common} />
  );
}

/**
 * A number; money (a key ending in `Cents`) is typed in the currency's units
 * with two decimals and kept in cents. A half-typed number ("-", "72.")
 * stays in the box until it is one.
 */
export function NumberField({ schema, path, value, required, label }: FieldProps) {
  const { name, issues, change, currency } = useEditor();
  const [typing, setTyping] = useState<string | null>(null);
  const words = fieldWords(name, path);
  const money = isMoneyField(path);
  const toDraft = (n: number) => (money ? unitsToCents(n) : n);
  const shown = typeof value === 'number' ? (money ? centsToUnits(value) : value) : '';
  const lowest = schema.minimum ?? schema.exclusiveMinimum;
  return (
    <NumberInput
      id={fieldId(path)}
      label={label ?? words.label}
      description={joinSentences(
        words.description,
        money ? `An amount in ${currency}, e.g. 65.00.` : undefined,
      )}
      required={required}
      error={issues.get(pathKey(path))}
      value={typing ?? shown}
      placeholder={typeof schema.default === 'number' ? String(schema.default) : undefined}
      allowDecimal={money || !isInteger(schema)}
      decimalScale={money ? 2 : undefined}
      fixedDecimalScale={money}
      allowNegative={lowest === undefined || lowest < 0}
      leftSection={money ? currencySymbol(currency) : undefined}
      hideControls
      inputMode={money || !isInteger(schema) ? 'decimal' : 'numeric'}
      onChange={(next) => {
        if (typeof next === 'number') {
          setTyping(null);
          change(path, toDraft(next));
          return;
        }
        const n = Number(next);
        if (next.trim() === '') change(path, undefined);
        else if (Number.isFinite(n)) change(path, toDraft(n));
        setTyping(next.trim() === '' ? null : next);
      }}
      onBlur={() => setTyping(null)}
    />
  );
}

/** Yes or no: a checkbox, named by its label alone (its sentence describes it). */
export function BooleanField({ schema, path, value, label }: FieldProps) {
  const { name, issues, change } = useEditor();
  const words = fieldWords(name, path);
  return (
    <Checkbox
      id={fieldId(path)}
      label={label ?? words.label}
      description={words.description}
      error={issues.get(pathKey(path))}
      checked={typeof value === 'boolean' ? value : schema.default === true}
      onChange={(e) => change(path, e.currentTarget.checked)}
    />
  );
}
