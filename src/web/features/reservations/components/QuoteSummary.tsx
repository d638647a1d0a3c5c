import { List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { DayKey } from '../../../../shared/dates.js';
import { formatMoney } from '../../../../shared/pricing.js';
import type { StayChoice } from '../../../../shared/group-pricing.js';
import type { DepositRule, Quote, QuoteLine } from '../../../../shared/schemas/index.js';
import { errorMessage } from '@/lib/api/client.js';
import { pricingInfoQuery, quoteQuery } from '../api/money.js';

export const QUOTE_LOADING = 'Working out the price...';
export const QUOTE_FAILED = 'The price could not be worked out just now.';

const dayCount = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** A line in words: "Daily rate: 2 days × $150.00 = $300.00", or per person "Lodging: 20 guests × 2 nights — 40 × $65.00 = $2,600.00". */
export function lineText(line: QuoteLine, money: (cents: number) => string): string {
  if (line.days !== undefined && line.dailyCents !== undefined) {
    return `${line.label}: ${dayCount(line.days)} × ${money(line.dailyCents)} = ${money(line.amountCents)}`;
  }
  if (line.quantity !== undefined && line.unitCents !== undefined) {
    return `${line.label} — ${line.quantity} × ${money(line.unitCents)} = ${money(line.amountCents)}`;
  }
  return `${line.label}: ${money(line.amountCents)}`;
}

/** "Deposit to confirm: $1,175.00 (25%, not refundable)", by the house's deposit rule. */
function depositText(quote: Quote, rule: DepositRule | undefined): string {
  const amount = formatMoney(quote.depositCents, quote.currency);
  if (!rule) return `Deposit to confirm: ${amount}`;
  return `Deposit to confirm: ${amount} (${rule.percent}%, ${rule.refundable ? 'refunded by the cancellation policy' : 'not refundable'})`;
}

function QuoteLines({ quote, deposit }: { quote: Quote; deposit: DepositRule | undefined }) {
  const money = (cents: number) => formatMoney(cents, quote.currency);
  const billed = quote.billedGuests;
  return (
    <>
      <List size="sm" spacing={2}>
        {quote.lines.map((line) => (
          <List.Item key={`${line.label}-${line.dailyCents ?? line.unitCents}`}>
            {lineText(line, money)}
          </List.Item>
        ))}
      </List>
      {billed !== null && (quote.guests ?? 0) < billed ? (
        <Text size="sm">{`Billed for ${billed} guests, the house's minimum.`}</Text>
      ) : null}
      <Text fw={700}>{`Total for ${dayCount(quote.days)}: ${money(quote.totalCents)}`}</Text>
      {quote.depositCents > 0 ? <Text size="sm">{depositText(quote, deposit)}</Text> : null}
    </>
  );
}

export interface QuoteSummaryProps {
  first: DayKey;
  last: DayKey;
  /** A group's guests and meal plan (none without group pricing). */
  choice?: StayChoice;
  /** Why the stay cannot be priced yet (e.g. a number of guests the house does not take): nothing is asked. */
  waiting?: string | null;
}

/**
 * The price of the selected days (GET /api/facility/quote), for a group's
 * guests and meals, announced as it changes, and the cancellation policy in
 * one line. Neither blocks the form: the server prices the request again
 * when it is sent (docs/money.md).
 */
export function QuoteSummary({ first, last, choice, waiting = null }: QuoteSummaryProps) {
  const quote = useQuery({ ...quoteQuery(first, last, choice), enabled: waiting === null });
  const pricing = useQuery(pricingInfoQuery);

  return (
    <Stack gap={4} aria-labelledby="new-reservation-price-heading" component="section">
      <Title order={3} size="h5" id="new-reservation-price-heading">
        Price
      </Title>
      <div aria-live="polite" aria-busy={waiting === null && quote.isFetching}>
        {waiting !== null ? (
          <Text size="sm">{waiting}</Text>
        ) : quote.isPending ? (
          <Text size="sm">{QUOTE_LOADING}</Text>
        ) : quote.isError ? (
          <Text size="sm" c="red.9">
            {errorMessage(quote.error, QUOTE_FAILED)}
          </Text>
        ) : (
          <QuoteLines quote={quote.data} deposit={pricing.data?.group?.deposit} />
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
