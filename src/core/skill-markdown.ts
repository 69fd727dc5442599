/**
 * prompt-envelope/core/skill-markdown: reads SKILL.md files. Its own entry point because YAML
 * frontmatter takes a YAML parser (js-yaml, 14 kB gzip) that nothing else in the core needs: a
 * build step or a server reads the files, a page shows the skills it gives.
 */
export {
  parseSkillMarkdown,
  SKILL_DESCRIPTION_MAX,
  SKILL_NAME_PATTERN,
  type SkillParseResult,
} from './skills/skill-markdown.js';
export type { Skill } from './skills/registry.js';
