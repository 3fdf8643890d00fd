// A long-running command (mock, docs) stops when the process that started it is gone: `npm run
// mock &`, then `kill` of that npm, ends npm and its shell but not the command they started, which
// the system then hands to another parent. Checked once a second; the timer keeps nothing alive.

/** Calls `stop` once the parent process is no longer the one that started this process. */
export function stopWithParent(stop: () => void, parentPid: () => number = () => process.ppid, intervalMs = 1000): () => void {
  const parent = parentPid();
  const timer = setInterval(() => {
    if (parentPid() === parent) return;
    clearInterval(timer);
    stop();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
