#!/usr/bin/env node
// Runs the compiled CLI (dist/ ships in the package; in the repository, `npm run build` makes it).
import { runCli } from '../dist/cli.js';

process.exitCode = await runCli(process.argv.slice(2));
