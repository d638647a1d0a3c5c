/**
 * Property-based fuzzing of every route as a logged-in administrator, with valid CSRF
 * headers: whatever is sent, the server answers below 500, every 4xx is JSON with
 * a message, nothing internal leaks, and a refused request changes nothing.
 */
import { describe, it } from 'vitest';
import { useRouteFuzzing } from './testing/fuzz-runner.js';

const { fuzzRoutesAs } = useRouteFuzzing();

describe('fuzzing every route', () => {
  it('as an administrator: never 5xx, always a JSON message, nothing internal, no change when refused', async () => {
    await fuzzRoutesAs('admin');
  }, 120_000);
});
