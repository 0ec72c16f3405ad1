import { execFile, execFileSync } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';

// The bench's "before": another revision of the store (BENCH_BASELINE=<rev> or --baseline=<rev>),
// checked out into a temporary detached git worktree, built with that revision's own
// `npm run build` and served by its own server, so one run measures before, after and the floor
// side by side under the same machine load.

export interface Baseline {
  /** As asked (a branch, tag or short hash). */
  rev: string;
  commit: string;
  subject: string;
  dir: string;
  staticDir: string;
  ssrDir: string;
  buildScript: string;
  buildSeconds: number;
}

const git = (args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();

function run(command: string, args: string[], cwd: string): Promise<string> {
  return new Promise((done, fail) => {
    execFile(command, args, { cwd, maxBuffer: 64 * 2 ** 20 }, (error, stdout, stderr) => {
      const output = `${stdout}${stderr}`.slice(-6_000);
      if (error) fail(Object.assign(error, { output }));
      else done(output);
    });
  });
}

export function baselineRevision(argv: string[]): string | undefined {
  const flag = argv.find((arg) => arg.startsWith('--baseline='));
  const rev = flag ? flag.slice('--baseline='.length) : process.env.BENCH_BASELINE;
  return rev?.trim() || undefined;
}

/**
 * Removes the baseline's worktree, whatever state it was left in (also when nothing was created).
 * The node_modules link goes first, so nothing can follow it into this checkout's own.
 */
export function removeBaseline(dir: string) {
  const modules = join(dir, 'node_modules');
  if (existsSync(modules) && lstatSync(modules).isSymbolicLink()) unlinkSync(modules);
  if (existsSync(dir)) {
    try {
      git(['worktree', 'remove', '--force', dir]);
    } catch {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  git(['worktree', 'prune']);
}

/**
 * Checks `rev` out into `dir` (detached), links this checkout's node_modules into it and runs its
 * own `npm run build`. The caller calls removeBaseline(dir) in a finally, whatever happens here.
 */
export async function prepareBaseline(
  rev: string,
  dir: string,
  log: (line: string) => void,
): Promise<Baseline> {
  const commit = git(['rev-parse', '--verify', `${rev}^{commit}`]);
  const subject = git(['log', '-1', '--format=%s', commit]);
  git(['worktree', 'add', '--detach', dir, commit]);
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
  const scripts = (
    JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }
  ).scripts;
  const buildScript = scripts?.build;
  if (!buildScript)
    throw new Error(`baseline ${rev} (${commit.slice(0, 7)}): its package.json has no build script`);
  log(`baseline ${rev} = ${commit.slice(0, 7)} "${subject}"`);
  log(`  building it in ${dir} with its own \`npm run build\` (${buildScript}) ...`);
  const started = performance.now();
  try {
    await run('npm', ['run', 'build'], dir);
  } catch (error) {
    const output = (error as { output?: string }).output ?? String(error);
    throw new Error(
      `the baseline ${rev} (${commit.slice(0, 7)}) did not build with this checkout's node_modules ` +
        `(linked into its worktree; its package.json may need other dependencies). ` +
        `\`${buildScript}\` said:\n${output}`,
    );
  }
  const buildSeconds = (performance.now() - started) / 1000;
  log(`  built in ${buildSeconds.toFixed(1)} s`);
  return {
    rev,
    commit,
    subject,
    dir,
    staticDir: join(dir, 'dist'),
    ssrDir: join(dir, 'dist-ssr'),
    buildScript,
    buildSeconds,
  };
}
