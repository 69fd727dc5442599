import {
  SEGMENT_KIND_STYLES,
  SEGMENT_SHARED_STYLES,
  SEGMENT_STYLES,
} from './segment-kind-styles.js';

/** segment-styles-load.ts where the segment styles come with the message anyway. */
export const loadSegmentStyles = () =>
  Promise.resolve({ SEGMENT_KIND_STYLES, SEGMENT_SHARED_STYLES, SEGMENT_STYLES });
