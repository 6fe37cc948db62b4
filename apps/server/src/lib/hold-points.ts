import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Hold points: named places in background work where a test can stop a server process mid-job, to
 * kill it there (`kill -9`) and prove the work resumes on the next server without doing anything
 * twice. Off unless HOLD_POINTS_DIR names a folder, and always off in production.
 *
 * A point `name` holds when `<dir>/<name>.hold` exists and holds a number N, and the work has reached
 * a count of at least N (e.g. messages accepted, codes made): the process writes `<dir>/<name>.held`
 * (the count) and waits until `<name>.hold` is removed. No timing is involved: the test waits for the
 * `.held` file, then acts.
 */
export interface HoldPoints {
  reached(name: string, count: number): Promise<void>;
}

export const noHoldPoints: HoldPoints = { reached: async () => undefined };

/** How often a held process looks whether it was let go. */
const RELEASE_POLL_MS = 25;

export function fileHoldPoints(dir: string): HoldPoints {
  return {
    async reached(name, count) {
      const file = join(dir, `${name}.hold`);
      let at: number;
      try {
        at = Number(readFileSync(file, 'utf8').trim());
      } catch {
        return;
      }
      if (!Number.isFinite(at) || count < at) return;
      writeFileSync(join(dir, `${name}.held`), String(count));
      while (existsSync(file)) await new Promise((resolve) => setTimeout(resolve, RELEASE_POLL_MS));
    },
  };
}

export function holdPointsFromEnv(env: NodeJS.ProcessEnv): HoldPoints {
  const dir = env.HOLD_POINTS_DIR?.trim();
  if (!dir || env.NODE_ENV === 'production') return noHoldPoints;
  return fileHoldPoints(dir);
}
