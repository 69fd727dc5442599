import type { Envelope } from '../protocol/types.js';

/** A skill with both levels: L1 (`name`, `description`) and L2 (`body`, the full instructions). */
export interface Skill {
  name: string;
  description: string;
  /** Markdown instructions, loaded into the context only when the skill runs. */
  body: string;
  /** Other frontmatter fields, such as `license`. */
  meta: Record<string, unknown>;
}

export interface SkillRegistry {
  get(name: string): Skill | undefined;
  has(name: string): boolean;
  /** Every skill, in the order given (a later skill with the same name replaces the earlier). */
  list(): Skill[];
}

/**
 * Lookup by name. When two skills share a name, the later one wins, as with static variables.
 *
 * @example
 * ```ts
 * const registry = createSkillRegistry([
 *   { name: 'verify', description: 'Check a claim before answering.', body: '# Verify\n…', meta: {} },
 * ]);
 * console.log(registry.get('verify')?.description);
 * ```
 */
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
 *
 * @example
 * ```ts
 * const withBodies = hydrateSkills(envelope, registry); // envelope itself is unchanged
 * ```
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
