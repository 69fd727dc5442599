import { CORE_SCHEMA, load as loadYaml } from 'js-yaml';
import { jsonPreview } from '../protocol/json-value.js';
import type { Skill } from './registry.js';

// Kept apart from the registry so that code which only hydrates skills (the elements) does not
// bundle the YAML parser.

export type SkillParseResult = { ok: true; skill: Skill } | { ok: false; error: string };

/** Anthropic's SKILL.md rules: lowercase letters, digits and hyphens, at most 64 characters. */
export const SKILL_NAME_PATTERN = /^[a-z0-9-]{1,64}$/;
export const SKILL_DESCRIPTION_MAX = 1024;

const FRONTMATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/**
 * Parses a SKILL.md file: YAML frontmatter (`name`, `description`, others) and a Markdown body.
 *
 * @example
 * ```ts
 * const parsed = parseSkillMarkdown(await readFile('skills/verify/SKILL.md', 'utf8'));
 * if (parsed.ok) console.log(parsed.skill.name);
 * else console.log(parsed.error);
 * ```
 */
export function parseSkillMarkdown(text: unknown): SkillParseResult {
  if (typeof text !== 'string') return { ok: false, error: 'A SKILL.md file must be text.' };
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const match = FRONTMATTER.exec(source);
  if (!match) {
    return {
      ok: false,
      error:
        'The file has no YAML frontmatter: it must start with a line "---", the fields, and a closing "---".',
    };
  }
  let data: unknown;
  try {
    // CORE_SCHEMA: plain YAML types only; no custom tags or type coercion surprises.
    data = loadYaml(match[1], { schema: CORE_SCHEMA });
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message.split('\n')[0] : String(cause);
    return { ok: false, error: `The frontmatter is not valid YAML: ${reason}.` };
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    return {
      ok: false,
      error: 'The frontmatter must be a YAML mapping of fields such as name and description.',
    };
  }
  const { name, description, ...meta } = data as Record<string, unknown>;
  if (name === undefined)
    return { ok: false, error: "The frontmatter is missing the required field 'name'." };
  if (typeof name !== 'string' || !SKILL_NAME_PATTERN.test(name)) {
    return {
      ok: false,
      error: `The name ${jsonPreview(name)} is not allowed: use 1 to 64 lowercase letters, digits and hyphens, e.g. "code-review".`,
    };
  }
  if (description === undefined)
    return { ok: false, error: "The frontmatter is missing the required field 'description'." };
  if (typeof description !== 'string' || description.trim() === '') {
    return { ok: false, error: "The field 'description' must be a non-empty text." };
  }
  if (description.length > SKILL_DESCRIPTION_MAX) {
    return {
      ok: false,
      error: `The description has ${description.length} characters; at most ${SKILL_DESCRIPTION_MAX} are allowed.`,
    };
  }
  const body = source.slice(match[0].length).replace(/^(\r?\n)+/, '');
  return { ok: true, skill: { name, description, body, meta } };
}
