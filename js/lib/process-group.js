// Ending a child started with `detached: true` together with everything it started: SIGTERM to
// its process group, then SIGKILL after a grace period. Used for stdio servers and for the
// semantic pass's local command. Also the Ctrl-C signal those children are ended on.

export function signalGroup(group, signal) {
  try {
    process.kill(-group, signal);
  } catch {
    // ESRCH: the group is already gone
  }
}

export function groupAlive(group) {
  try {
    process.kill(-group, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

export async function waitFor(condition, ms) {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() >= end) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}

/** SIGTERM the group, wait up to `graceMs`, then SIGKILL it; resolves when it is gone. */
export async function endGroup(group, graceMs = 1500) {
  signalGroup(group, 'SIGTERM');
  if (await waitFor(() => !groupAlive(group), graceMs)) return;
  signalGroup(group, 'SIGKILL');
  await waitFor(() => !groupAlive(group), 1000);
}

/**
 * An AbortSignal that fires on Ctrl-C (SIGINT) or SIGTERM, for work that runs a child in its own
 * process group (which the terminal's Ctrl-C does not reach): the work ends the group and the
 * CLI exits 130. `dispose()` removes the handlers.
 */
export function abortOnInterrupt() {
  const controller = new AbortController();
  const abort = () => controller.abort();
  process.once('SIGINT', abort);
  process.once('SIGTERM', abort);
  return {
    signal: controller.signal,
    dispose() {
      process.removeListener('SIGINT', abort);
      process.removeListener('SIGTERM', abort);
    },
  };
}
