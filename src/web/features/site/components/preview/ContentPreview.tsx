import type { ReactNode } from 'react';
import type { ArrivalContent } from '../../../../../shared/schemas/arrival.js';
import type { AgreementContent } from '../../../../../shared/schemas/agreement.js';
import type { Room } from '../../../../../shared/schemas/questionnaire.js';
import { contentSchemas } from '../../../../../shared/site-content.js';
import { formSchemaOf } from '../../form/json-schema.js';
import { isPublicContentName, type ContentName, type PublicContentName } from '../../kinds.js';
import type { PricingContent } from './pricing-sentences.js';
import { ReadableView } from './ReadableView.js';
import { AgreementSummary, ArrivalSummary, PricingSummary, RoomsSummary } from './Summaries.js';

/**
 * How the app shows a draft of a public kind as its public page would;
 * `published` are other kinds as the server has them now (the page the
 * editor came with may be older: the home page's highlights name gallery
 * pictures).
 */
export type RenderPublicPreview = (
  name: PublicContentName,
  draft: unknown,
  published?: Partial<Record<ContentName, unknown>>,
) => ReactNode;

/**
 * A kind as it will read: the prices, arrival information, agreement and
 * bedrooms in their own summaries; the public kinds as their pages, when the
 * app gives that view, else field by field in words.
 */
export function ContentPreview({
  name,
  body,
  currency,
  renderPublicPreview,
  others,
}: {
  name: ContentName;
  body: unknown;
  currency: string;
  renderPublicPreview?: RenderPublicPreview;
  others?: Partial<Record<ContentName, unknown>>;
}) {
  const parsed = contentSchemas[name].safeParse(body);
  if (isPublicContentName(name) && renderPublicPreview && parsed.success)
    return <>{renderPublicPreview(name, body, others)}</>;
  if (parsed.success) {
    if (name === 'pricing')
      return <PricingSummary pricing={parsed.data as PricingContent} currency={currency} />;
    if (name === 'arrival') return <ArrivalSummary arrival={parsed.data as ArrivalContent} />;
    if (name === 'agreement')
      return <AgreementSummary agreement={parsed.data as AgreementContent} />;
    if (name === 'rooms') return <RoomsSummary rooms={parsed.data as Room[]} />;
  }
  return <ReadableView name={name} schema={formSchemaOf(name)} body={body} currency={currency} />;
}
