// A fixture app installed as a user installs it: demos/<app> copied outside the repository (so
// nothing resolves from the repository's node_modules by walking up), then a plain
// `npm install` of its own package.json with the packed tarball in place of the registry's
// prompt-envelope. `--no-save` keeps the package.json the one the docs quote, byte for byte: a
// peer range in it that the package does not accept fails the install (ERESOLVE), as it fails
// for a user. No --force, no --legacy-peer-deps.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../../', import.meta.url));

/** Where the installed copies live: outside the repository. */
export const installed = process.env.FIXTURES_DIR ?? join(tmpdir(), 'prompt-envelope-fixtures');

/** What a build leaves in an app's folder; never copied from demos/. */
const OUTPUTS = [
  'node_modules',
  'dist',
  'build',
  'out',
  '.next',
  '.svelte-kit',
  '.astro',
  '.angular',
].concat(['.docusaurus', '.vitepress/cache', '.vitepress/dist']);

const digest = (...files: string[]) => {
  const hash = createHash('sha256');
  for (const file of files) hash.update(readFileSync(file));
  return hash.digest('hex');
};

/**
 * demos/<name> copied to <installed>/<name> and installed with `tarball` (an absolute path to
 * the `npm pack` output). Resolves to the copy's folder. An install whose package.json and
 * tarball have not changed since the last one is kept (the copy's sources are refreshed).
 * Throws with npm's output when the install fails.
 */
export async function installFixture(name: string, tarball: string): Promise<string> {
  const source = join(repo, 'demos', name);
  const copy = join(installed, name);
  const stamp = join(copy, 'node_modules/.fixture-install');
  const key = digest(join(source, 'package.json'), tarball);
  const kept = existsSync(stamp) && readFileSync(stamp, 'utf8') === key;
  if (!kept) rmSync(copy, { recursive: true, force: true });
  // A kept install keeps only its node_modules: a file deleted from the demo, or a previous
  // build's output, must not linger in the copy.
  else
    for (const entry of readdirSync(copy))
      if (entry !== 'node_modules') rmSync(join(copy, entry), { recursive: true, force: true });
  mkdirSync(copy, { recursive: true });
  const skip = new Set(OUTPUTS.map((dir) => join(source, dir)));
  cpSync(source, copy, { recursive: true, filter: (path) => !skip.has(path) });
  // The demos share one stylesheet, linked as ../shared/ from each app.
  cpSync(join(repo, 'demos/shared'), join(installed, 'shared'), { recursive: true });
  if (!kept) {
    try {
      await run(
        'npm',
        ['install', '--no-save', '--no-audit', '--no-fund', '--no-progress', tarball],
        { cwd: copy, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NODE_ENV: '' } },
      );
    } catch (error) {
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      throw new Error(`npm install in demos/${name} failed:\n${stdout}${stderr}`);
    }
    writeFileSync(stamp, key);
  }
  if (
    readFileSync(join(copy, 'package.json'), 'utf8') !==
    readFileSync(join(source, 'package.json'), 'utf8')
  )
    throw new Error(`npm install changed demos/${name}/package.json`);
  const resolved = createRequire(join(copy, 'package.json')).resolve(
    'prompt-envelope/package.json',
  );
  if (!resolved.startsWith(join(copy, 'node_modules/prompt-envelope/')))
    throw new Error(`prompt-envelope resolves to ${resolved}, not to the tarball in ${copy}`);
  return copy;
}
