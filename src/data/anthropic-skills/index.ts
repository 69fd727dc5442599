import { parseSkillMarkdown } from '../../core/skill-markdown.js';
import type { Skill } from '../../core/skills.js';
import { anthropicSkillTexts } from './skill-texts.generated.js';

/**
 * The real SKILL.md files of Anthropic's public skills repository (Apache-2.0, see LICENSE.txt
 * and SOURCE.md beside this file), parsed with the same loader users run on their own files.
 */
export function loadAnthropicSkills(): Skill[] {
  return Object.entries(anthropicSkillTexts).map(([folder, text]) => {
    const parsed = parseSkillMarkdown(text);
    // Shipped data, checked by the test suite: a failure here is a packaging bug, not user input.
    if (!parsed.ok) throw new Error(`src/data/anthropic-skills/${folder}/SKILL.md: ${parsed.error}`);
    return parsed.skill;
  });
}
