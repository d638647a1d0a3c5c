export { pricingInfoQuery, type PricingInfo } from '@/lib/api/money.js';
