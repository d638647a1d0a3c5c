import { z } from 'zod';

// In a browser the page's Content-Security-Policy forbids eval, which zod would
// otherwise probe for to compile faster parsers; the server keeps the fast path.
// Every schema module imports z from here, so this runs before any parse.
if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };
