#!/usr/bin/env node
// `npm test`: every check, in two lanes once the package is built. The framework fixtures
// (test:frameworks: apps installed from the registry, built and opened) spend much of their time
// waiting on the network and run beside the rest, which keeps one core busy in a browser: on the
// 2-core CI machine the whole run stays under its 20 minutes. Each lane stops at its first
// failure; the fixtures' output is printed when they end, and the run fails if either lane did.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';

const FIRST = ['generate -- --check', 'build'];
const MAIN = [
  'typecheck',
  'lint',
  'api -- --check',
  'size',
  'test:core',
  'test:conformance',
  'test:elements',
  'test:ssr',
  'build-storybook',
  'test:stories',
];
const BESIDE = ['test:frameworks'];

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

/** Runs `scripts` one after the other; resolves to the first failing one, or undefined. */
async function lane(scripts, log) {
  for (const script of scripts) {
    const started = Date.now();
    const code = await npmRun(script, log);
    const line = `── npm run ${script}: ${code === 0 ? 'passed' : `failed (${code})`} in ${seconds(started)}\n`;
    if (log) log.push(Buffer.from(line));
    else process.stdout.write(line);
    if (code !== 0) return script;
  }
  return undefined;
}

const running = new Set();
const started = Date.now();
const failedFirst = await lane(FIRST);
if (failedFirst) process.exit(1);

const besideLog = [];
const beside = lane(BESIDE, besideLog).then((failed) => {
  process.stdout.write(
    `\n── ${BESIDE.join(', ')} (run beside the other checks), its output:\n${Buffer.concat(besideLog)}`,
  );
  return failed;
});
const failedMain = await lane(MAIN);
// A failure in the main lane ends the run: the fixtures are stopped, what they printed is shown.
if (failedMain) for (const child of running) child.kill('SIGTERM');
const failedBeside = await beside;

const failed = [failedMain, failedBeside].filter(Boolean);
process.stdout.write(
  `\n── npm test: ${failed.length ? `failed (${failed.join(', ')})` : 'passed'} in ${seconds(started)}\n`,
);
process.exit(failed.length ? 1 : 0);
