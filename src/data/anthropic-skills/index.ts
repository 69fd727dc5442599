import type { Skill } from '../../core/skills/registry.js';
import { anthropicSkills } from './skills.generated.js';

/**
 * The real SKILL.md files of Anthropic's public skills repository (Apache-2.0, see LICENSE.txt
 * and SOURCE.md beside this file), as `parseSkillMarkdown` reads them: parsed by
 * `npm run generate` (skills.generated.ts), so that pages showing them need no YAML parser.
 * A fresh copy on every call.
 */
export function loadAnthropicSkills(): Skill[] {
  return structuredClone(anthropicSkills) as Skill[];
}
