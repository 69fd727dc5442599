#!/usr/bin/env node
// `npm test`: every check, in two lanes once the package is built (LANES): the framework fixtures
// (apps installed from the registry, built and opened) run beside the other checks. Each lane
// stops at its first failure, and the run fails if either did.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';

const FIRST = ['generate -- --check', 'build'];
/**
 * After the build, side by side: the checks and the test suites, which print as they go; and the
 * framework fixtures, whose installs mostly wait on the network, printed when they end. The
 * element tests stay in the first lane: beside more work, their timed steps (the hostile sizes'
 * 1 s bound, lazy parts awaited) failed on a busy 2-core machine.
 */
const LANES = [
  [
    // Side by side (each printed when it ends): while the fixtures' installs wait on the network,
    // the two checks share the cores.
    ['typecheck', 'lint'],
    'api -- --check',
    'size',
    'test:core',
    'test:conformance',
    'test:elements',
    'test:ssr',
    'build-storybook',
    'test:stories',
  ],
  ['test:frameworks'],
];

const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

/** `npm run <script>`; resolves to its exit code. Output goes to the terminal, or into `log`. */
function npmRun(script, log) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', ...script.split(' ')], {
      stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (log) {
      child.stdout.on('data', (data) => log.push(data));
      child.stderr.on('data', (data) => log.push(data));
      running.add(child);
      child.on('exit', () => running.delete(child));
    }
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs `script`, printing (or logging) its line of time; resolves to whether it passed. */
async function step(script, log) {
  const started = Date.now();
  const code = await npmRun(script, log);
  const line = `── npm run ${script}: ${code === 0 ? 'passed' : `failed (${code})`} in ${seconds(started)}\n`;
  summary.push(line);
  if (log) log.push(Buffer.from(line));
  else process.stdout.write(line);
  return code === 0;
}

/**
 * Runs `scripts` one after the other (an array among them: those side by side, each printed
 * when it ends); resolves to the first failing one, or undefined.
 */
async function lane(scripts, log) {
  for (const script of scripts) {
    if (Array.isArray(script)) {
      const passed = await Promise.all(
        script.map(async (name) => {
          const own = log ?? [];
          const ok = await step(name, own);
          if (!log) process.stdout.write(Buffer.concat(own));
          return ok;
        }),
      );
      const failed = script.find((_, i) => !passed[i]);
      if (failed) return failed;
    } else if (!(await step(script, log))) return script;
  }
  return undefined;
}

const running = new Set();
/** Each step's line, in the order they ended. */
const summary = [];
const started = Date.now();
const failedFirst = await lane(FIRST);
if (failedFirst) process.exit(1);

const [failedMain, ...failedBeside] = await Promise.all(
  LANES.map(async (scripts, index) => {
    if (index === 0) {
      const failed = await lane(scripts);
      // A failure here ends the run: the other lanes are stopped, what they printed is shown.
      if (failed) for (const child of running) child.kill('SIGTERM');
      return failed;
    }
    const log = [];
    const failed = await lane(scripts, log);
    process.stdout.write(
      `\n── ${scripts.join(', ')} (run beside the other checks), its output:\n${Buffer.concat(log)}`,
    );
    return failed;
  }),
);

const failed = [failedMain, ...failedBeside].filter(Boolean);
process.stdout.write(
  `\n${summary.join('')}── npm test: ${failed.length ? `failed (${failed.join(', ')})` : 'passed'} in ${seconds(started)}\n`,
);
process.exit(failed.length ? 1 : 0);
