#!/usr/bin/env node
/**
 * The `prompt-envelope` command: validate envelopes and export them as provider requests.
 * Exit codes: 0 ok, 1 invalid input (messages name the JSON path), 2 usage error.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { renderCommand } from './cli-render.js';
import {
  decodeUtf8,
  DEFAULT_MAX_BYTES,
  nodeRealPath,
  readRegularFile,
  readStandardInput,
  resolveInside,
} from './cli/read-file.js';
import {
  openBrowser,
  startViewServer,
  type SkippedFile,
  type ViewFile,
} from './cli/view-server.js';
import { line, terminalJson } from './cli/terminal-text.js';
import { PROVIDER_NAMES, type ProviderName } from './cli/record-proxy.js';
import { recordCommand } from './cli/record-server.js';
import { toCurl } from './core/targets/curl.js';
import { exportEnvelope } from './core/targets/export.js';
import { EXPORT_TARGETS, type ExportTarget } from './core/targets/target-names.js';
import { type ExportOptions } from './core/targets/target.js';
import { importEnvelope, IMPORT_SOURCES, type ImportSource } from './core/targets/import.js';
import {
  issueText,
  issueWhere,
  type EnvelopeError,
  type ValidationResult,
} from './core/protocol/issues.js';
import { readableJson } from './core/protocol/json-value.js';
import {
  looksLikeScenarioManifest,
  validateScenarioManifest,
  type ScenarioManifest,
} from './core/protocol/manifest.js';
import { parseEnvelope, parseJson } from './core/protocol/parse.js';
import { validateEnvelope } from './core/protocol/validate.js';

/** Where `record` listens unless told: a fixed port, so that an app's base URL stays the same. */
const DEFAULT_RECORD_PORT = 8790;

const USAGE = `Usage:
  prompt-envelope validate FILE...             check envelopes (and scenario manifests)
  prompt-envelope export FILE --to TARGET      print the provider request body as JSON
        [--model NAME]                         model to put in the request (default: the envelope's)
        [--max-tokens N]                       Anthropic's max_tokens (default 1024)
        [--time-zone ZONE]                     IANA time zone of times in host headers (default UTC)
        [--curl]                               print a curl command (key from the environment) instead
  prompt-envelope import FILE [--from SOURCE]  read request bodies, logs, traces back into envelopes
                                               (format detected without --from; many: JSON Lines)
        [--model NAME]                         model for bodies that name none (Gemini, OTel)
  prompt-envelope view [FILE|FOLDER|-]         open files in the viewer in your browser (local only)
        [--port N] [--host 127.0.0.1]          where the server listens (default: any free port)
        [--no-open]                            print the address, do not open a browser
  prompt-envelope record                       a local proxy for your app's SDK: forwards each call to
                                               the provider unchanged, appends it to a JSON Lines file
                                               (no credentials) and shows it live in the viewer
        [--port N]                             where the SDKs connect (default ${DEFAULT_RECORD_PORT})
        [--out FILE.jsonl]                     the file (default recording-DATE.jsonl, appended to)
        [--upstream NAME=URL]...               send NAME (openai, anthropic, gemini) to URL, a
                                               compatible server or gateway, not the provider
        [--host H] [--no-open]                 as for view (off this machine: a token in the address)
      Point each SDK at it (PORT is --port):
        OpenAI      OPENAI_BASE_URL=http://127.0.0.1:PORT/v1
        Anthropic   ANTHROPIC_BASE_URL=http://127.0.0.1:PORT
        Gemini      GOOGLE_GEMINI_BASE_URL=http://127.0.0.1:PORT (or httpOptions.baseUrl)
  prompt-envelope render FILE                  a static HTML page of the conversation (no network)
        [-o, --output PAGE]                    write it to PAGE instead of standard output
        [--interactive]                        the elements hydrate and respond: their script and styles
                                               in files beside PAGE (prompt-envelope-files/), or inside
                                               the page with --inline or without -o
        [--viewer]                             the whole viewer (chat and protocol panel), not the chat
        [--theme light|dark|auto] [--lang L] [--time-zone ZONE] [--title T]
  prompt-envelope --help | --version

Every command reads regular files only (FILE - is standard input), of at most --max-bytes N
bytes (default 100 MB).

Targets: ${EXPORT_TARGETS.join(', ')}
Sources: ${IMPORT_SOURCES.join(', ')}
Exit codes: 0 ok, 1 invalid input, 2 usage error.`;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /**
   * The bytes of the regular file at `path`, at most `maxBytes`; throws an Error whose message
   * says why not ("no such file", "it is a device, not a regular file", …).
   */
  readFile: (path: string, maxBytes: number) => Uint8Array;
  /** The path with symbolic links resolved; throws when it does not exist. */
  realPath: (path: string) => string;
  writeFile?: (path: string, text: string) => void;
}

const nodeIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readFile: (path, maxBytes) =>
    path === '-' ? readStandardInput(maxBytes) : readRegularFile(path, maxBytes),
  realPath: nodeRealPath,
  writeFile: (path, text) => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  },
};

class UsageError extends Error {}

/**
 * Runs the command line `args` (without `node` and the script) and returns the exit code (a
 * promise of it for `render`, which renders asynchronously).
 */
export function runCli(args: string[], io: CliIo = nodeIo): number | Promise<number> {
  try {
    return dispatch(args, io);
  } catch (error) {
    if (error instanceof UsageError || isParseArgsError(error)) {
      io.stderr(line`prompt-envelope: ${(error as Error).message}\n\n` + `${USAGE}\n`);
      return 2;
    }
    // No input should get here; if a bug lets one, the user gets a sentence, not a stack trace.
    const reason = error instanceof Error ? error.message : String(error);
    io.stderr(line`prompt-envelope: unexpected error (${reason}); please report it.\n`);
    return 1;
  }
}

function dispatch(args: string[], io: CliIo): number | Promise<number> {
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
      output: { type: 'string', short: 'o' },
      interactive: { type: 'boolean' },
      inline: { type: 'boolean' },
      viewer: { type: 'boolean' },
      theme: { type: 'string' },
      lang: { type: 'string' },
      title: { type: 'string' },
      'max-bytes': { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      out: { type: 'string' },
      upstream: { type: 'string', multiple: true },
      'no-open': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean' },
    },
  });
  const [command, ...files] = positionals;
  const maxBytes =
    values['max-bytes'] === undefined ? DEFAULT_MAX_BYTES : Number(values['max-bytes']);
  if (!(Number.isSafeInteger(maxBytes) && maxBytes > 0)) {
    throw new UsageError(`--max-bytes takes a whole number above 0, not '${values['max-bytes']}'.`);
  }
  const input: Input = { io, maxBytes };
  if (values.help || command === 'help') {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  if (values.version) {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    io.stdout(line`prompt-envelope ${pkg.version}\n`);
    return 0;
  }
  switch (command) {
    case 'validate':
      if (files.length === 0) throw new UsageError('validate needs at least one FILE.');
      if (values.to !== undefined || values.model !== undefined)
        throw new UsageError('validate takes no --to or --model.');
      return validateFiles(files, input);
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
      return exportFile(files[0], options, values.curl === true, input);
    }
    case 'import': {
      if (files.length !== 1) throw new UsageError('import takes exactly one FILE.');
      const from = values.from ?? 'auto';
      if (from !== 'auto' && !IMPORT_SOURCES.includes(from as ImportSource)) {
        throw new UsageError(
          `unknown source '${from}'; use one of auto, ${IMPORT_SOURCES.join(', ')}.`,
        );
      }
      return importFile(files[0], from as ImportSource | 'auto', values.model, input);
    }
    case 'view': {
      if (files.length > 1) throw new UsageError('view takes at most one FILE, FOLDER or -.');
      const port = Number(values.port ?? 0);
      if (!(Number.isInteger(port) && port >= 0 && port <= 65535))
        throw new UsageError(`--port takes a whole number from 0 to 65535, not '${values.port}'.`);
      const host = values.host ?? '127.0.0.1';
      return viewCommand(files[0], { host, port, open: values['no-open'] !== true }, input);
    }
    case 'record': {
      if (files.length > 0) throw new UsageError('record takes no FILE (the file is --out FILE).');
      const port = Number(values.port ?? DEFAULT_RECORD_PORT);
      if (!(Number.isInteger(port) && port >= 0 && port <= 65535))
        throw new UsageError(`--port takes a whole number from 0 to 65535, not '${values.port}'.`);
      const upstreams: Partial<Record<ProviderName, string>> = {};
      for (const given of values.upstream ?? []) {
        const [name, ...rest] = given.split('=');
        const url = rest.join('=');
        if (!PROVIDER_NAMES.includes(name as ProviderName))
          throw new UsageError(
            `--upstream takes NAME=URL with NAME one of ${PROVIDER_NAMES.join(', ')}, not '${given}'.`,
          );
        if (!/^https?:\/\/[^/]/.test(url) || !URL.canParse(url))
          throw new UsageError(`--upstream ${name}= takes an http or https URL, not '${url}'.`);
        upstreams[name as ProviderName] = url;
      }
      const out = values.out ?? `recording-${new Date().toISOString().slice(0, 10)}.jsonl`;
      return recordCommand(
        {
          out,
          host: values.host ?? '127.0.0.1',
          port,
          upstreams,
          maxBytes,
          log: (text) => io.stderr(line`${text}\n`),
        },
        values['no-open'] !== true,
        io,
      );
    }
    case 'render': {
      if (files.length !== 1) throw new UsageError('render takes exactly one FILE.');
      if (values.inline && !values.interactive)
        throw new UsageError(
          '--inline goes with --interactive (a page without script is one file).',
        );
      const theme = values.theme;
      if (theme !== undefined && theme !== 'light' && theme !== 'dark' && theme !== 'auto')
        throw new UsageError(`--theme takes light, dark or auto, not '${theme}'.`);
      const file = read(files[0], input);
      if ('error' in file) {
        io.stderr(line`prompt-envelope: cannot render ${files[0]}: ${file.error.message}\n`);
        return 1;
      }
      const writeFile = io.writeFile ?? nodeIo.writeFile!;
      return renderCommand(
        files[0],
        file.text,
        {
          output: values.output,
          interactive: values.interactive === true,
          inline: values.inline === true,
          viewer: values.viewer === true,
          theme,
          lang: values.lang,
          timeZone: values['time-zone'],
          title: values.title,
        },
        { stdout: io.stdout, stderr: io.stderr, writeFile },
      ).catch((error: Error) => {
        io.stderr(line`prompt-envelope: cannot render ${files[0]}: ${error.message}\n`);
        return 1;
      });
    }
    case undefined:
      throw new UsageError('no command given.');
    default:
      throw new UsageError(`unknown command '${command}'.`);
  }
}

/** How the commands read their files. */
interface Input {
  io: CliIo;
  maxBytes: number;
}

/**
 * The text of the file at `path`: why it cannot be read at all (missing, not a regular file, too
 * large), or an error about its content when its bytes are not UTF-8.
 */
function readText(
  path: string,
  input: Input,
): { text: string } | { error: EnvelopeError; notUtf8: string } | { unreadable: string } {
  let bytes: Uint8Array;
  try {
    bytes = input.io.readFile(path, input.maxBytes);
  } catch (error) {
    return { unreadable: error instanceof Error ? error.message : String(error) };
  }
  const decoded = decodeUtf8(bytes);
  if ('text' in decoded) return decoded;
  const { offset, byte, line: at } = decoded.problem;
  const hex = byte.toString(16).toUpperCase().padStart(2, '0');
  const notUtf8 = `the byte at offset ${offset} (0x${hex}, line ${at}) does not start a character`;
  const message = `The file is not valid UTF-8: ${notUtf8}; save the file as UTF-8.`;
  return { error: { path: '', keyword: 'encoding', message }, notUtf8 };
}

/** A file named on the command line: one that cannot be read at all is a usage error. */
function read(file: string, input: Input): { text: string } | { error: EnvelopeError } {
  const text = readText(file, input);
  if ('unreadable' in text) throw new UsageError(`cannot read ${file}: ${text.unreadable}.`);
  return text;
}

/** Parsed JSON of `file`, or the errors that say why there is none (encoding, syntax, duplicates). */
function readJson(file: string, input: Input): { value: unknown } | { errors: EnvelopeError[] } {
  const text = read(file, input);
  if ('error' in text) return { errors: [text.error] };
  const json = parseJson(text.text);
  return 'error' in json ? { errors: json.errors } : json;
}

/** How a problem is printed: its path (shortened when very deep) and its sentence. */

function validateFiles(files: string[], input: Input): number {
  const { io } = input;
  let invalid = 0;
  for (const file of files) {
    const { kind, result } = validateFile(file, input);
    const status = result.valid ? 'valid  ' : 'INVALID';
    const manifest = kind === 'manifest' ? ' (scenario manifest)' : '';
    io.stdout(line`${status} ${file}${manifest}\n`);
    for (const error of result.errors)
      io.stdout(line`  error   ${issueWhere(error)}: ${error.message}\n`);
    for (const warning of result.warnings)
      io.stdout(line`  warning ${issueWhere(warning)}: ${warning.message}\n`);
    if (!result.valid) invalid++;
  }
  if (files.length > 1) io.stdout(line`${files.length - invalid} valid, ${invalid} invalid\n`);
  return invalid > 0 ? 1 : 0;
}

function validateFile(
  file: string,
  input: Input,
): { kind: 'envelope' | 'manifest'; result: ValidationResult } {
  const json = readJson(file, input);
  if ('errors' in json)
    return { kind: 'envelope', result: { valid: false, errors: json.errors, warnings: [] } };
  if (!looksLikeScenarioManifest(json.value))
    return { kind: 'envelope', result: validateEnvelope(json.value) };
  const result = validateScenarioManifest(json.value);
  if (!result.valid) return { kind: 'manifest', result };
  // A manifest is only as good as the envelopes it names: each must be a file in the manifest's
  // folder, and a valid envelope.
  (json.value as ScenarioManifest).scenarios.forEach((scenario, i) => {
    const fail = (why: string) =>
      result.errors.push({
        path: `/scenarios/${i}/file`,
        keyword: 'file',
        message: `Scenario '${scenario.id}' names ${scenario.file}, which ${why}`,
      });
    const resolved = resolveInside(dirname(file), scenario.file, input.io.realPath);
    if ('outside' in resolved) return fail(`cannot be read: ${resolved.outside}.`);
    const text = readText(resolved.path, input);
    if ('unreadable' in text) {
      const reason = text.unreadable === 'no such file' ? '' : `: ${text.unreadable}`;
      return fail(`cannot be read${reason}.`);
    }
    if ('error' in text) return fail(`is not valid UTF-8: ${text.notUtf8}.`);
    const envelope = parseEnvelope(text.text);
    if (!envelope.valid) fail(`is not a valid envelope (${envelope.errors[0].message})`);
  });
  result.valid = result.errors.length === 0;
  return { kind: 'manifest', result };
}

function exportFile(
  file: string,
  options: ExportOptions & { target: ExportTarget },
  curl: boolean,
  input: Input,
): number {
  const { io } = input;
  const text = read(file, input);
  const parsed =
    'error' in text ? { valid: false as const, errors: [text.error] } : parseEnvelope(text.text);
  if (!parsed.valid) {
    io.stderr(line`${file} is not a valid envelope:\n`);
    for (const error of parsed.errors) io.stderr(line`  ${issueText(error)}\n`);
    return 1;
  }
  const defined = Object.fromEntries(
    Object.entries(options).filter(([, v]) => v !== undefined),
  ) as typeof options;
  const result = exportEnvelope(parsed.envelope, defined);
  if (!result.body) {
    // Valid, yet no body: a request longer than a JavaScript string can hold, say.
    io.stderr(line`${file} could not be exported:\n`);
    for (const error of result.errors) io.stderr(line`  ${issueText(error)}\n`);
    return 1;
  }
  for (const warning of result.warnings) io.stderr(line`warning: ${warning.message}\n`);
  const command = curl
    ? toCurl(result.body, options.target, { model: options.model ?? parsed.envelope.model })
    : null;
  if (curl && command === null)
    throw new UsageError(`--curl needs a target that is an API request, not '${options.target}'.`);
  io.stdout(terminalJson(command ?? `${readableJson(result.body)}\n`));
  return 0;
}

/**
 * One envelope is printed as JSON; a list (a JSON array, JSON Lines, a trace) as JSON Lines, one
 * envelope a line. Parts that cannot be read are errors (exit 1) after the envelopes that can.
 */
function importFile(
  file: string,
  from: ImportSource | 'auto',
  model: string | undefined,
  input: Input,
): number {
  const { io } = input;
  const text = read(file, input);
  const result =
    'error' in text
      ? { envelope: null, warnings: [], errors: [text.error] }
      : importEnvelope(text.text, { from, model });
  for (const warning of result.warnings) io.stderr(line`warning: ${issueText(warning)}\n`);
  if (result.errors.length > 0) {
    io.stderr(line`${file} could not be ${result.envelope ? 'imported in full' : 'imported'}:\n`);
    for (const error of result.errors) io.stderr(line`  ${issueText(error)}\n`);
  }
  if ('envelopes' in result && result.envelopes) {
    for (const { envelope } of result.envelopes)
      io.stdout(terminalJson(`${JSON.stringify(envelope)}\n`));
  } else if (result.envelope) io.stdout(terminalJson(`${readableJson(result.envelope)}\n`));
  return result.errors.length > 0 ? 1 : 0;
}

/**
 * The files `view` serves: one file, the JSON and JSON Lines files of a folder, or stdin. In a
 * folder, an entry that cannot be served (a link out of the folder, a pipe, a name that is not
 * UTF-8, too large) is skipped with the reason, and the rest open.
 */
function viewFiles(
  path: string | undefined,
  input: Input,
): { files: ViewFile[]; skipped: SkippedFile[] } | { error: string } {
  if (path === undefined) return { files: [], skipped: [] };
  let folder = false;
  try {
    folder = path !== '-' && statSync(path).isDirectory();
  } catch {
    // Not there: reading it says so.
  }
  if (!folder) {
    const text = readText(path, input);
    if ('unreadable' in text) return { error: `cannot read ${path}: ${text.unreadable}` };
    if ('error' in text) return { error: `cannot read ${path}: ${text.notUtf8}` };
    return {
      files: [{ name: path === '-' ? 'stdin' : basename(path), text: text.text }],
      skipped: [],
    };
  }
  const files: ViewFile[] = [];
  const skipped: SkippedFile[] = [];
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  const names: string[] = [];
  for (const raw of readdirSync(path, { encoding: 'buffer' })) {
    let name: string;
    try {
      name = utf8.decode(raw);
    } catch {
      const shown = new TextDecoder().decode(raw);
      if (/\.(json|jsonl|ndjson)$/i.test(shown))
        skipped.push({ name: shown, reason: 'its name is not valid UTF-8' });
      continue;
    }
    if (/\.(json|jsonl|ndjson)$/i.test(name)) names.push(name);
  }
  names.sort();
  if (names.length === 0 && skipped.length === 0)
    return { error: `${path} holds no .json, .jsonl or .ndjson file` };
  for (const name of names) {
    const resolved = resolveInside(path, name, input.io.realPath, 'the folder');
    if ('outside' in resolved) {
      skipped.push({ name, reason: resolved.outside });
      continue;
    }
    const text = readText(resolved.path, input);
    if ('unreadable' in text) skipped.push({ name, reason: text.unreadable });
    else if ('error' in text) skipped.push({ name, reason: `not valid UTF-8: ${text.notUtf8}` });
    else files.push({ name, text: text.text });
  }
  return { files, skipped };
}

/** Serves the viewer with the files until Ctrl+C (SIGINT) or SIGTERM. */
/** `1 conversation`, `2 conversations`. */
const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

async function viewCommand(
  path: string | undefined,
  options: { host: string; port: number; open: boolean },
  input: Input,
): Promise<number> {
  const { io } = input;
  const listed = viewFiles(path, input);
  if ('error' in listed) {
    io.stderr(line`prompt-envelope: ${listed.error}.\n`);
    return 1;
  }
  const { files, skipped } = listed;
  for (const { name, reason } of skipped) io.stderr(line`${name}: skipped, ${reason}\n`);
  for (const file of files) {
    const result = importEnvelope(file.text);
    const count = result.envelopes?.length ?? (result.envelope ? 1 : 0);
    const errors = result.errors.length > 0 ? `, ${counted(result.errors.length, 'error')}` : '';
    io.stderr(
      line`${file.name}: ${counted(count, 'conversation')} (${result.source ?? 'unread'})${errors}\n`,
    );
  }
  let server;
  try {
    server = await startViewServer(files, skipped, options.host, options.port);
  } catch (error) {
    io.stderr(
      line`prompt-envelope: cannot listen on ${options.host}:${options.port}: ${(error as Error).message}\n`,
    );
    return 1;
  }
  io.stdout(line`${server.url}\n`);
  io.stderr(line`${server.reach}; press Ctrl+C to stop.\n`);
  if (options.open) openBrowser(server.url, (text) => io.stderr(line`prompt-envelope: ${text}\n`));
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  return 0;
}

function isParseArgsError(error: unknown): boolean {
  return (
    error instanceof Error &&
    typeof (error as NodeJS.ErrnoException).code === 'string' &&
    (error as NodeJS.ErrnoException).code!.startsWith('ERR_PARSE_ARGS')
  );
}
