import { Box, Image, Stack, Text } from '@mantine/core';
import { formatMoney } from '../../../../../shared/pricing.js';
import { pictureUrl } from '../../api/content.js';
import { wordKey, type Path } from '../../form/draft.js';
import { enumItems, fieldType, resolve, type JsonSchema } from '../../form/json-schema.js';
import { isMoneyField } from '../../form/money.js';
import { fieldWords, humanise, itemName } from '../../field-words.js';
import type { ContentName } from '../../kinds.js';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const wrap = { overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' } as const;

interface ViewProps {
  name: ContentName;
  root: JsonSchema;
  schema: JsonSchema;
  path: Path;
  value: unknown;
  currency: string;
}

function Picture({ src, alt }: { src: string; alt: string }) {
  const url = pictureUrl(src);
  return url ? (
    <Image src={url} alt={alt} w={240} maw="100%" radius="sm" />
  ) : (
    <Text size="sm" style={wrap}>{`A picture shipped with the site: ${src}`}</Text>
  );
}

function Scalar({ name, schema, path, value, currency }: ViewProps) {
  if (typeof value === 'boolean') return <Text size="sm">{value ? 'Yes' : 'No'}</Text>;
  if (typeof value === 'number')
    return (
      <Text size="sm">{isMoneyField(path) ? formatMoney(value, currency) : String(value)}</Text>
    );
  const text = String(value);
  if (schema.enum)
    return <Text size="sm">{fieldWords(name, path).options?.[text] ?? humanise(text)}</Text>;
  return (
    <Text size="sm" style={wrap}>
      {text}
    </Text>
  );
}

/** A value in words: an object's fields with their labels, a list's entries numbered. */
function ReadableValue(props: ViewProps) {
  const { name, root, path, value } = props;
  const schema = resolve(props.schema, root);
  const type = fieldType(schema);
  if (value === undefined || value === null || value === '')
    return (
      <Text size="sm" c="dimmed">
        Not given
      </Text>
    );
  if (type === 'array' && Array.isArray(value)) {
    if (value.length === 0)
      return (
        <Text size="sm" c="dimmed">
          None
        </Text>
      );
    const options = enumItems(schema, root);
    if (options || wordKey(path).endsWith('weekdays'))
      return (
        <Text size="sm">
          {value
            .map((v) =>
              options
                ? (fieldWords(name, path).options?.[String(v)] ?? humanise(String(v)))
                : (WEEKDAYS[Number(v)] ?? String(v)),
            )
            .join(', ')}
        </Text>
      );
    return (
      <Stack component="ol" gap="xs" m={0} pl="md">
        {value.map((item, i) => (
          <li key={i}>
            <Text size="sm" fw={600}>
              {itemName(name, [...path, i])}
            </Text>
            <ReadableValue
              {...props}
              schema={schema.items ?? {}}
              path={[...path, i]}
              value={item}
            />
          </li>
        ))}
      </Stack>
    );
  }
  if (type === 'object' && typeof value === 'object') {
    const doc = value as Record<string, unknown>;
    const picture =
      typeof doc.src === 'string' ? doc.src : typeof doc.image === 'string' ? doc.image : null;
    return (
      <Stack gap={6}>
        {picture ? (
          <Picture src={picture} alt={typeof doc.alt === 'string' ? doc.alt : ''} />
        ) : null}
        <Box component="dl" m={0}>
          {Object.entries(schema.properties ?? {}).map(([key, prop]) => (
            <Box key={key} mb={6}>
              <Text component="dt" size="sm" fw={700}>
                {fieldWords(name, [...path, key]).label}
              </Text>
              <Box component="dd" m={0} pl="sm" miw={0}>
                <ReadableValue {...props} schema={prop} path={[...path, key]} value={doc[key]} />
              </Box>
            </Box>
          ))}
        </Box>
      </Stack>
    );
  }
  return <Scalar {...props} schema={schema} />;
}

/** Any kind in words, field by field: the preview of a kind that has no summary of its own. */
export function ReadableView({
  name,
  schema,
  body,
  currency,
}: {
  name: ContentName;
  schema: JsonSchema;
  body: unknown;
  currency: string;
}) {
  return (
    <ReadableValue
      name={name}
      root={schema}
      schema={schema}
      path={[]}
      value={body}
      currency={currency}
    />
  );
}
