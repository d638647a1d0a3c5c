// React's scheduler comes without types; main.tsx imports it only to start it
// early, in a chunk of its own.
declare module 'scheduler';
