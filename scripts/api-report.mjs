#!/usr/bin/env node
// The public API of prompt-envelope/core, recorded in api/core.api.md by api-extractor from the
// built types (run `npm run build` first). `npm run api` rewrites the report after an intended
// change; `--check` (run by `npm test`) fails when the API differs from the committed report, so
// that every change to the public API shows up in review.
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';

const check = process.argv.includes('--check');
const config = ExtractorConfig.loadFileAndPrepare('api-extractor.json');
const result = Extractor.invoke(config, { localBuild: !check, showVerboseMessages: false });
if (!result.succeeded || result.warningCount > 0) {
  console.error(
    check && result.apiReportChanged
      ? 'The public API of prompt-envelope/core differs from api/core.api.md: review the change, then run `npm run api`.'
      : `api-extractor: ${result.errorCount} errors, ${result.warningCount} warnings`,
  );
  process.exit(1);
}
console.log(`api/core.api.md ${result.apiReportChanged ? 'updated' : 'is up to date'}`);
