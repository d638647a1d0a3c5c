import type { Rule } from 'eslint';

declare const boundaries: { rules: { 'feature-boundaries': Rule.RuleModule } };
export default boundaries;
