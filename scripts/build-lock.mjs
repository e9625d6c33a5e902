// One build at a time on a checkout: a lock directory (mkdir is atomic) holding its owner's pid.
// A lock whose owner has died (killed mid-build) is taken over; a live owner is waited for.
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const RETRY_MS = 250;
/** A lock directory without a pid file this old was left by a build that died creating it. */
const ORPHAN_MS = 30_000;

function ownerAlive(lock) {
  let pid;
  try {
    pid = Number(readFileSync(path.join(lock, 'pid'), 'utf8'));
  } catch {
    // Created a moment ago and the pid not written yet, or left empty by a crash long ago.
    try {
      return Date.now() - statSync(lock).mtimeMs < ORPHAN_MS;
    } catch {
      return false; // released meanwhile
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM'; // alive, someone else's
  }
}

/**
 * Waits until this process holds the lock at `lock` (a directory path) and returns its release.
 * The lock is also released when the process exits.
 */
export async function acquireBuildLock(lock) {
  mkdirSync(path.dirname(lock), { recursive: true });
  let waiting = false;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    if (!ownerAlive(lock)) {
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    if (!waiting) console.log('waiting for another build of this checkout to finish…');
    waiting = true;
    await sleep(RETRY_MS);
  }
  writeFileSync(path.join(lock, 'pid'), String(process.pid));
  const release = () => {
    process.off('exit', release);
    rmSync(lock, { recursive: true, force: true });
  };
  process.on('exit', release);
  return release;
}
