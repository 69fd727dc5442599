#!/usr/bin/env node
// Runs the compiled CLI; `npm install` builds it (the `prepare` script).
import { runCli } from '../dist/cli.js';

process.exitCode = runCli(process.argv.slice(2));
