import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';

// A page of the previous build, open while a new one is deployed, still asks for its own hashed
// chunks (the screens it has not opened yet). The new build no longer has them, so at every start
// the server copies the build's assets into a folder of the data directory and serves that folder
// behind the build: files of earlier builds stay answerable for KEPT_ASSETS_DAYS after the last
// start that had them (each start touches the current build's files; the others age and go).

export const KEPT_ASSETS_FOLDER = 'kept-assets';

/** Copies `staticRoot/assets` into `keptDir` and deletes kept files no build has had for `graceMs`. */
export function keepBuildAssets(
  staticRoot: string,
  keptDir: string,
  graceMs: number,
  now = Date.now(),
): void {
  const current = join(staticRoot, 'assets');
  if (!existsSync(current)) return;
  mkdirSync(keptDir, { recursive: true });
  const names = new Set(
    readdirSync(current, { withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name),
  );
  const time = new Date(now);
  for (const name of names) {
    const target = join(keptDir, name);
    if (!existsSync(target)) copyFileSync(join(current, name), target);
    utimesSync(target, time, time);
  }
  for (const entry of readdirSync(keptDir, { withFileTypes: true })) {
    if (!entry.isFile() || names.has(entry.name)) continue;
    const file = join(keptDir, entry.name);
    if (now - statSync(file).mtimeMs >= graceMs) rmSync(file, { force: true });
  }
}
