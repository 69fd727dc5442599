/**
 * `parseSkillMarkdown` in the script-tag bundles, where scripts/build.mjs puts this module in
 * place of skill-markdown.ts: reading YAML takes js-yaml (15 kB gzip), which a page that shows
 * envelopes does not need. SKILL.md files are read where they are stored (a build step, a
 * server) with `prompt-envelope/core`, whose `parseSkillMarkdown` is the real one.
 */
import type { SkillParseResult } from './skill-markdown.js';

export type { SkillParseResult };

export function parseSkillMarkdown(text: unknown): SkillParseResult {
  void text;
  return {
    ok: false,
    error:
      'The script-tag bundle does not read SKILL.md files (that takes a YAML parser): use parseSkillMarkdown from prompt-envelope/core.',
  };
}
