export { pricingInfoQuery, type PricingInfo } from '../../../api/money.js';
