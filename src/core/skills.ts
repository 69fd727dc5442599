import { load as loadYaml, CORE_SCHEMA } from 'js-yaml';
import type { Envelope } from './protocol.js';

/** A skill with both levels: L1 (`name`, `description`) and L2 (`body`, the full instructions). */
export interface Skill {
  name: string;
  description: string;
  /** Markdown instructions, loaded into the context only when the skill runs. */
  body: string;
  /** Other frontmatter fields, such as `license`. */
  meta: Record<string, unknown>;
}

export type SkillParseResult = { ok: true; skill: Skill } | { ok: false; error: string };

/** Anthropic's SKILL.md rules: lowercase letters, digits and hyphens, at most 64 characters. */
export const SKILL_NAME_PATTERN = /^[a-z0-9-]{1,64}$/;
export const SKILL_DESCRIPTION_MAX = 1024;

const FRONTMATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** Parses a SKILL.md file: YAML frontmatter (`name`, `description`, others) and a Markdown body. */
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
      error: `The name ${JSON.stringify(name)} is not allowed: use 1 to 64 lowercase letters, digits and hyphens, e.g. "code-review".`,
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

export interface SkillRegistry {
  get(name: string): Skill | undefined;
  has(name: string): boolean;
  /** Every skill, in the order given (a later skill with the same name replaces the earlier). */
  list(): Skill[];
}

/** Lookup by name. When two skills share a name, the later one wins, as with static variables. */
export function createSkillRegistry(skills: Iterable<Skill>): SkillRegistry {
  const byName = new Map<string, Skill>();
  for (const skill of skills) {
    byName.delete(skill.name);
    byName.set(skill.name, skill);
  }
  return {
    get: (name) => byName.get(name),
    has: (name) => byName.has(name),
    list: () => [...byName.values()],
  };
}

/**
 * Fills the L2 `body` of skills items from the registry. Only items without a body and with a
 * registered name change; the input is never modified, and unchanged messages stay the same
 * objects, so views re-render only what was hydrated.
 */
export function hydrateSkills(envelope: Envelope, registry: SkillRegistry): Envelope {
  let changed = false;
  const messages = envelope.messages.map((message) => {
    let messageChanged = false;
    const segments = message.segments.map((segment) => {
      if (segment.kind !== 'skills') return segment;
      let segmentChanged = false;
      const items = segment.items.map((item) => {
        const skill = item.body === undefined ? registry.get(item.name) : undefined;
        if (!skill) return item;
        segmentChanged = true;
        return { ...item, body: skill.body };
      });
      if (!segmentChanged) return segment;
      messageChanged = true;
      return { ...segment, items };
    });
    if (!messageChanged) return message;
    changed = true;
    return { ...message, segments };
  });
  return changed ? { ...envelope, messages } : envelope;
}
