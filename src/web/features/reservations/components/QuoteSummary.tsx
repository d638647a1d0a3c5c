import { List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { DayKey } from '../../../../shared/dates.js';
import { formatMoney } from '../../../../shared/pricing.js';
import type { Quote } from '../../../../shared/schemas/index.js';
import { errorMessage } from '@/lib/api/client.js';
import { pricingInfoQuery, quoteQuery } from '../api/money.js';

export const QUOTE_LOADING = 'Working out the price...';
export const QUOTE_FAILED = 'The price could not be worked out just now.';

const dayCount = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

function QuoteLines({ quote }: { quote: Quote }) {
  const money = (cents: number) => formatMoney(cents, quote.currency);
  return (
    <>
      <List size="sm" spacing={2}>
        {quote.lines.map((line) => (
          <List.Item key={`${line.label}-${line.dailyCents}`}>
            {`${line.label}: ${dayCount(line.days)} × ${money(line.dailyCents)} = ${money(line.amountCents)}`}
          </List.Item>
        ))}
      </List>
      <Text fw={700}>{`Total for ${dayCount(quote.days)}: ${money(quote.totalCents)}`}</Text>
    </>
  );
}

/**
 * The price of the selected days (GET /api/facility/quote), announced as it
 * changes, and the cancellation policy in one line. Neither blocks the form:
 * the server prices the request again when it is sent (docs/money.md).
 */
export function QuoteSummary({ first, last }: { first: DayKey; last: DayKey }) {
  const quote = useQuery(quoteQuery(first, last));
  const pricing = useQuery(pricingInfoQuery);

  return (
    <Stack gap={4} aria-labelledby="new-reservation-price-heading" component="section">
      <Title order={3} size="h5" id="new-reservation-price-heading">
        Price
      </Title>
      <div aria-live="polite" aria-busy={quote.isFetching}>
        {quote.isPending ? (
          <Text size="sm">{QUOTE_LOADING}</Text>
        ) : quote.isError ? (
          <Text size="sm" c="red.9">
            {errorMessage(quote.error, QUOTE_FAILED)}
          </Text>
        ) : (
          <QuoteLines quote={quote.data} />
        )}
      </div>
      {pricing.data ? (
        <Text size="sm" c="dimmed">
          {pricing.data.policyDescription}
        </Text>
      ) : null}
    </Stack>
  );
}
