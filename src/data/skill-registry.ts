import { createSkillRegistry, type SkillRegistry } from '../core/skills/registry.js';
import { loadAnthropicSkills } from './anthropic-skills/index.js';
import { handwrittenSkills } from './skills.js';

/** Both skill sources of SPEC §3.5: the hand-written skills and the real SKILL.md files. */
export function createBuiltInSkillRegistry(): SkillRegistry {
  return createSkillRegistry([...handwrittenSkills, ...loadAnthropicSkills()]);
}
