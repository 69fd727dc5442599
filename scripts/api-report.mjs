#!/usr/bin/env node
// The public API of prompt-envelope/core and of its other entry points (one per export target,
// prompt-envelope/core/openai …, core/skill-markdown, core/streams and one per stream provider,
// core/streams/anthropic …), recorded in api/*.api.md by
// api-extractor from the built types (run `npm run build` first). `npm run api` rewrites the reports after an intended change;
// `--check` (run by `npm test`) fails when an API differs from its committed report, so that
// every change to the public API shows up in review.
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';
import { resolve } from 'node:path';

const check = process.argv.includes('--check');
const configPath = resolve('api-extractor.json');
const base = ExtractorConfig.loadFile(configPath);
const entries = [
  ['core/index', 'core.api.md'],
  ...[
    'openai',
    'openai-responses',
    'anthropic',
    'gemini',
    'otel',
    'skill-markdown',
    'streams',
    'streams/openai-chat',
    'streams/openai-responses',
    'streams/anthropic',
    'streams/gemini',
    // prompt-envelope/core/streams/anthropic is dist/core/streams-anthropic.js: an entry point is a
    // file of src/core itself, beside the stage folders.
  ].map((name) => [`core/${name.replace('/', '-')}`, `core-${name.replace('/', '-')}.api.md`]),
];
const forgottenExportsAllowed = (messages) => ({
  ...messages,
  extractorMessageReporting: {
    ...messages.extractorMessageReporting,
    'ae-forgotten-export': { logLevel: 'none', addToApiReportFile: false },
  },
});

let failed = false;
for (const [entry, reportFileName] of entries) {
  const config = ExtractorConfig.prepare({
    configObject: {
      ...base,
      mainEntryPointFilePath: `<projectFolder>/dist/${entry}.d.ts`,
      apiReport: { ...base.apiReport, reportFileName },
      // The other entries' functions take and give the core's types (ExportOptions, TraceRow…),
      // recorded in core.api.md: they are not exported twice.
      ...(entry === 'core/index' ? {} : { messages: forgottenExportsAllowed(base.messages) }),
    },
    configObjectFullPath: configPath,
    packageJsonFullPath: resolve('package.json'),
  });
  const result = Extractor.invoke(config, { localBuild: !check, showVerboseMessages: false });
  if (!result.succeeded || result.warningCount > 0) {
    console.error(
      check && result.apiReportChanged
        ? `The public API of prompt-envelope/${entry.replace(/\/index$/, '')} differs from api/${reportFileName}: review the change, then run \`npm run api\`.`
        : `api-extractor (${entry}): ${result.errorCount} errors, ${result.warningCount} warnings`,
    );
    failed = true;
  } else
    console.log(`api/${reportFileName} ${result.apiReportChanged ? 'updated' : 'is up to date'}`);
}
if (failed) process.exit(1);
