import { Box, Button, Group, Stack } from '@mantine/core';
import { fieldId, pathKey, type Path } from '../../form/draft.js';
import { emptyValueFor, fieldType, resolve } from '../../form/json-schema.js';
import { entryName, fieldWords, itemName } from '../../field-words.js';
import { useEditor } from './editor-context.js';
import type { FieldProps } from './field-props.js';
import { useFocusAfterRender } from '../useFocusAfterRender.js';
import { GroupFrame } from './GroupFrame.js';
import { ObjectFields } from './ObjectField.js';

/** What an entry is called besides its number: its title, name, label or caption. */
function entryTitle(value: unknown): string {
  if (value === null || typeof value !== 'object') return '';
  const doc = value as Record<string, unknown>;
  const title = [doc.title, doc.name, doc.label, doc.caption, doc.id].find(
    (t) => typeof t === 'string' && t.trim() !== '',
  );
  return typeof title === 'string' ? title : '';
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * A list: each entry in its own frame with Move up, Move down and Remove,
 * then "Add …". The focus follows the entry moved, goes into an entry
 * added, and to "Add …" after a removal.
 */
export function ArrayField({ schema, path, value, depth }: FieldProps) {
  const { name, issues, change, root, Field } = useEditor();
  const focusNext = useFocusAfterRender();

  const items = Array.isArray(value) ? (value as unknown[]) : [];
  const itemSchema = resolve(schema.items ?? {}, root);
  const objects = fieldType(itemSchema) === 'object';
  const min = schema.minItems ?? 0;
  const max = schema.maxItems ?? Infinity;
  const fixed = min === max;
  const words = fieldWords(name, path);
  const one = fieldWords(name, [...path, 0]).label;
  const around = entryName(name, path);
  const listId = fieldId(path);
  const at = (i: number): Path => [...path, i];
  const frameId = (i: number) => (objects ? fieldId(at(i)) : `${fieldId(at(i))}--entry`);

  function move(i: number, to: number, button: 'up' | 'down') {
    const next = [...items];
    [next[i], next[to]] = [next[to], next[i]];
    change(path, next);
    const edge = (button === 'up' && to === 0) || (button === 'down' && to === items.length - 1);
    focusNext(edge ? frameId(to) : `${fieldId(at(to))}--${button}`);
  }

  function remove(i: number) {
    change(
      path,
      items.filter((_, j) => j !== i),
    );
    focusNext(`${listId}--add`);
  }

  function add() {
    change(path, [...items, emptyValueFor(itemSchema, root)]);
    focusNext(fieldId(at(items.length)));
  }

  const actions = (i: number) => {
    const entry = [itemName(name, at(i)), around].filter(Boolean).join(' of ');
    return (
      <Group gap="xs" wrap="wrap">
        <Button
          id={`${fieldId(at(i))}--up`}
          size="xs"
          variant="default"
          disabled={i === 0}
          aria-label={`Move up: ${entry}`}
          onClick={() => move(i, i - 1, 'up')}
        >
          Move up
        </Button>
        <Button
          id={`${fieldId(at(i))}--down`}
          size="xs"
          variant="default"
          disabled={i === items.length - 1}
          aria-label={`Move down: ${entry}`}
          onClick={() => move(i, i + 1, 'down')}
        >
          Move down
        </Button>
        {fixed ? null : (
          <Button
            size="xs"
            variant="light"
            color="red"
            disabled={items.length <= min}
            aria-label={`Remove: ${entry}`}
            onClick={() => remove(i)}
          >
            Remove
          </Button>
        )}
      </Group>
    );
  };

  return (
    <GroupFrame
      id={listId}
      legend={words.label}
      description={words.description}
      error={issues.get(pathKey(path))}
      depth={depth}
    >
      <Stack gap="sm">
        {items.map((item, i) =>
          objects ? (
            <GroupFrame
              key={i}
              id={fieldId(at(i))}
              legend={[itemName(name, at(i)), entryTitle(item)].filter(Boolean).join(': ')}
              error={issues.get(pathKey(at(i)))}
              depth={depth + 1}
            >
              <Stack gap="sm">
                <ObjectFields
                  schema={itemSchema}
                  path={at(i)}
                  value={item}
                  required
                  depth={depth + 1}
                />
                {actions(i)}
              </Stack>
            </GroupFrame>
          ) : (
            <Box key={i} id={frameId(i)} tabIndex={-1}>
              <Group align="flex-end" gap="xs" wrap="wrap">
                <Box style={{ flex: '1 1 16rem' }} miw={0}>
                  <Field
                    schema={itemSchema}
                    path={at(i)}
                    value={item}
                    required
                    depth={depth + 1}
                    label={itemName(name, at(i))}
                  />
                </Box>
                {actions(i)}
              </Group>
            </Box>
          ),
        )}
        {fixed ? null : (
          <Group>
            <Button
              id={`${listId}--add`}
              variant="light"
              disabled={items.length >= max}
              aria-label={around ? `Add ${lowerFirst(one)} to ${around}` : undefined}
              onClick={add}
            >
              {`Add ${lowerFirst(one)}`}
            </Button>
          </Group>
        )}
      </Stack>
    </GroupFrame>
  );
}
