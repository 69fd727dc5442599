import '../src/elements/envelope-viewer/envelope-viewer.js';
import { createBuiltInSkillRegistry } from '../src/data/skill-registry.js';

// The demo viewer: skill bodies come from the built-in registry, and the query string can pick
// the scenario, theme and language (`?scenario=b&theme=dark&lang=zh-CN`), e.g. for screenshots,
// and open files of the person's own (`?src=URL`, more than once for several).
const viewer = document.querySelector('envelope-viewer')!;
viewer.skills = createBuiltInSkillRegistry();
const params = new URLSearchParams(location.search);
const scenario = params.get('scenario');
if (scenario) viewer.scenario = scenario;
const theme = params.get('theme');
if (theme === 'light' || theme === 'dark') {
  viewer.theme = theme;
  document.documentElement.style.colorScheme = theme;
}
const lang = params.get('lang');
if (lang) document.documentElement.lang = lang;
for (const src of params.getAll('src')) void viewer.openUrl(src);
