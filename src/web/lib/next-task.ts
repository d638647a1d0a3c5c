/**
 * Resolves in a task of its own: a message the page posts to itself. Start-up
 * work is cut into such tasks so that each stays short on a phone
 * (docs/operations.md, "Prerendered pages"). A message rather than a timer:
 * a timer may wait longer (browsers clamp nested timers to 4 ms), fake timers
 * in tests would hold it, and a profiler records a stack for every timer set.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
