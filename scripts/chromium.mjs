// The Chromium the browser tests and Lighthouse drive (Debian's, or
// CHROMIUM_PATH), and the flags both give it: no sandbox (CI containers), no
// GPU, and none of the browser's own network traffic in the measurements.
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
