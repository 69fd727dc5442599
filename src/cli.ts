#!/usr/bin/env node
/**
 * The `prompt-envelope` command: validate envelopes and export them as provider requests.
 * Exit codes: 0 ok, 1 invalid input (messages name the JSON path), 2 usage error.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { toCurl } from './core/curl.js';
import {
  exportEnvelope,
  EXPORT_TARGETS,
  type ExportOptions,
  type ExportTarget,
} from './core/export.js';
import { importEnvelope, IMPORT_SOURCES, type ImportSource } from './core/import.js';
import type { ValidationResult } from './core/issues.js';
import {
  looksLikeScenarioManifest,
  validateScenarioManifest,
  type ScenarioManifest,
} from './core/manifest.js';
import { parseEnvelope, parseJson } from './core/parse.js';
import { validateEnvelope } from './core/validate.js';

const USAGE = `Usage:
  prompt-envelope validate FILE...             check envelopes (and scenario manifests)
  prompt-envelope export FILE --to TARGET      print the provider request body as JSON
        [--model NAME]                         model to put in the request (default: the envelope's)
        [--max-tokens N]                       Anthropic's max_tokens (default 1024)
        [--time-zone ZONE]                     IANA time zone of times in host headers (default UTC)
        [--curl]                               print a curl command (key from the environment) instead
  prompt-envelope import FILE --from SOURCE    read a provider request body back into an envelope
  prompt-envelope --help | --version

Targets: ${EXPORT_TARGETS.join(', ')}
Sources: ${IMPORT_SOURCES.join(', ')}
Exit codes: 0 ok, 1 invalid input, 2 usage error.`;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readFile: (path: string) => string;
}

const nodeIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readFile: (path) => readFileSync(path, 'utf8'),
};

class UsageError extends Error {}

/** Runs the command line `args` (without `node` and the script) and returns the exit code. */
export function runCli(args: string[], io: CliIo = nodeIo): number {
  try {
    return dispatch(args, io);
  } catch (error) {
    if (!(error instanceof UsageError) && !isParseArgsError(error)) throw error;
    io.stderr(`prompt-envelope: ${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
}

function dispatch(args: string[], io: CliIo): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      to: { type: 'string' },
      from: { type: 'string' },
      model: { type: 'string' },
      'max-tokens': { type: 'string' },
      'time-zone': { type: 'string' },
      curl: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean' },
    },
  });
  const [command, ...files] = positionals;
  if (values.help || command === 'help') {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  if (values.version) {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    io.stdout(`prompt-envelope ${pkg.version}\n`);
    return 0;
  }
  switch (command) {
    case 'validate':
      if (files.length === 0) throw new UsageError('validate needs at least one FILE.');
      if (values.to !== undefined || values.model !== undefined)
        throw new UsageError('validate takes no --to or --model.');
      return validateFiles(files, io);
    case 'export': {
      if (files.length !== 1) throw new UsageError('export takes exactly one FILE.');
      const target = values.to;
      if (target === undefined) throw new UsageError('export needs --to TARGET.');
      if (!EXPORT_TARGETS.includes(target as ExportTarget)) {
        throw new UsageError(
          `unknown target '${target}'; use one of ${EXPORT_TARGETS.join(', ')}.`,
        );
      }
      const maxTokens =
        values['max-tokens'] === undefined ? undefined : Number(values['max-tokens']);
      if (maxTokens !== undefined && !(Number.isInteger(maxTokens) && maxTokens > 0)) {
        throw new UsageError(
          `--max-tokens takes a whole number above 0, not '${values['max-tokens']}'.`,
        );
      }
      const options = {
        target: target as ExportTarget,
        model: values.model,
        maxTokens,
        timeZone: values['time-zone'],
      };
      return exportFile(files[0], options, values.curl === true, io);
    }
    case 'import': {
      if (files.length !== 1) throw new UsageError('import takes exactly one FILE.');
      const from = values.from;
      if (from === undefined) throw new UsageError('import needs --from SOURCE.');
      if (!IMPORT_SOURCES.includes(from as ImportSource)) {
        throw new UsageError(`unknown source '${from}'; use one of ${IMPORT_SOURCES.join(', ')}.`);
      }
      return importFile(files[0], from as ImportSource, values.model, io);
    }
    case undefined:
      throw new UsageError('no command given.');
    default:
      throw new UsageError(`unknown command '${command}'.`);
  }
}

function read(file: string, io: CliIo): string {
  try {
    return io.readFile(file);
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? 'no such file'
        : (error as Error).message;
    throw new UsageError(`cannot read ${file}: ${reason}.`);
  }
}

function validateFiles(files: string[], io: CliIo): number {
  let invalid = 0;
  for (const file of files) {
    const { kind, result } = validateFile(file, io);
    io.stdout(
      `${result.valid ? 'valid  ' : 'INVALID'} ${file}${kind === 'manifest' ? ' (scenario manifest)' : ''}\n`,
    );
    for (const error of result.errors)
      io.stdout(`  error   ${error.path || '/'}: ${error.message}\n`);
    for (const warning of result.warnings)
      io.stdout(`  warning ${warning.path || '/'}: ${warning.message}\n`);
    if (!result.valid) invalid++;
  }
  if (files.length > 1) io.stdout(`${files.length - invalid} valid, ${invalid} invalid\n`);
  return invalid > 0 ? 1 : 0;
}

function validateFile(
  file: string,
  io: CliIo,
): { kind: 'envelope' | 'manifest'; result: ValidationResult } {
  const json = parseJson(read(file, io));
  if ('error' in json)
    return { kind: 'envelope', result: { valid: false, errors: [json.error], warnings: [] } };
  if (!looksLikeScenarioManifest(json.value))
    return { kind: 'envelope', result: validateEnvelope(json.value) };
  const result = validateScenarioManifest(json.value);
  if (!result.valid) return { kind: 'manifest', result };
  // A manifest is only as good as the envelopes it names: each must exist and be valid.
  (json.value as ScenarioManifest).scenarios.forEach((scenario, i) => {
    const path = join(dirname(file), scenario.file);
    let text: string;
    try {
      text = io.readFile(path);
    } catch {
      result.errors.push({
        path: `/scenarios/${i}/file`,
        keyword: 'file',
        message: `Scenario '${scenario.id}' names ${scenario.file}, which cannot be read.`,
      });
      return;
    }
    const envelope = parseEnvelope(text);
    if (!envelope.valid) {
      result.errors.push({
        path: `/scenarios/${i}/file`,
        keyword: 'file',
        message: `Scenario '${scenario.id}' names ${scenario.file}, which is not a valid envelope (${envelope.errors[0].message})`,
      });
    }
  });
  result.valid = result.errors.length === 0;
  return { kind: 'manifest', result };
}

function exportFile(
  file: string,
  options: ExportOptions & { target: ExportTarget },
  curl: boolean,
  io: CliIo,
): number {
  const parsed = parseEnvelope(read(file, io));
  if (!parsed.valid) {
    io.stderr(`${file} is not a valid envelope:\n`);
    for (const error of parsed.errors) io.stderr(`  ${error.path || '/'}: ${error.message}\n`);
    return 1;
  }
  const defined = Object.fromEntries(
    Object.entries(options).filter(([, v]) => v !== undefined),
  ) as typeof options;
  const result = exportEnvelope(parsed.envelope, defined);
  for (const warning of result.warnings) io.stderr(`warning: ${warning.message}\n`);
  const command = curl
    ? toCurl(result.body, options.target, { model: options.model ?? parsed.envelope.model })
    : null;
  if (curl && command === null)
    throw new UsageError(`--curl needs a target that is an API request, not '${options.target}'.`);
  io.stdout(command ?? `${JSON.stringify(result.body, null, 2)}\n`);
  return 0;
}

function importFile(
  file: string,
  from: ImportSource,
  model: string | undefined,
  io: CliIo,
): number {
  const json = parseJson(read(file, io));
  const result =
    'error' in json
      ? { envelope: null, warnings: [], errors: [json.error] }
      : importEnvelope(json.value, { from, model });
  for (const warning of result.warnings)
    io.stderr(`warning: ${warning.path || '/'}: ${warning.message}\n`);
  if (!result.envelope) {
    io.stderr(`${file} could not be imported:\n`);
    for (const error of result.errors) io.stderr(`  ${error.path || '/'}: ${error.message}\n`);
    return 1;
  }
  io.stdout(`${JSON.stringify(result.envelope, null, 2)}\n`);
  return 0;
}

function isParseArgsError(error: unknown): boolean {
  return (
    error instanceof Error &&
    typeof (error as NodeJS.ErrnoException).code === 'string' &&
    (error as NodeJS.ErrnoException).code!.startsWith('ERR_PARSE_ARGS')
  );
}
