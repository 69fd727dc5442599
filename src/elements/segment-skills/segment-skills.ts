import { defineElement } from '../internal/loading/define.js';
import { SegmentSkills } from './segment-skills.component.js';

export { SegmentSkills };

defineElement('segment-skills', SegmentSkills);

declare global {
  interface HTMLElementTagNameMap {
    'segment-skills': SegmentSkills;
  }
}
