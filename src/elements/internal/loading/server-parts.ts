import { characterEntities } from 'character-entities';
import { provideCharacterReferenceNames } from '../../../core/insight/character-references.js';
import { measureEnvelope } from '../../../core/insight/measure.js';
import { exportToOpenAI } from '../../../core/openai.js';
import { exportToOpenAIResponses } from '../../../core/openai-responses.js';
import { exportToAnthropic } from '../../../core/anthropic.js';
import { exportToGemini } from '../../../core/gemini.js';
import { exportToOTel } from '../../../core/otel.js';
import { exportEnvelope } from '../../../core/targets/export.js';
import {
  composedExport,
  targetExporters,
  type OnDemandPart,
} from '../../protocol-panel/target-exporters.js';
import { traceTable } from '../../protocol-panel/trace-table-load.js';
import * as traceTableCode from '../../protocol-panel/trace-table.js';
import { logNoticeCode } from '../../protocol-panel/log-notice-load.js';
import * as logNotice from '../../protocol-panel/log-notice.js';
import { provideSegmentViews } from '../segments/message-segments.js';
import { views } from '../segments/segment-view-loaders.bundle.js';
import * as segmentStyles from '../segments/segment-kind-styles.js';
import { provideStrings } from '../strings/localize.js';
import { chinese as base } from '../strings/zh-CN/base.js';
import { chinese as chat } from '../strings/zh-CN/chat.js';
import { chinese as viewer } from '../strings/zh-CN/viewer.js';
import { chinese as panel } from '../strings/zh-CN/panel.js';
import { chinese as meter } from '../strings/zh-CN/meter.js';
import { chinese as diff } from '../strings/zh-CN/diff.js';
import { chinese as studio } from '../strings/zh-CN/studio.js';
import { holdMeasuring } from './measuring.js';

/** The part held from now on, as the one-file bundles' twins (*.bundle.ts) hold theirs. */
function hold<T>(part: OnDemandPart<T>, value: T): void {
  part.get = () => value;
  part.load = () => Promise.resolve(value);
}

/**
 * Gives the elements at once what they load on demand in a browser (what preloadForServerRender
 * loads): the segment views and their styles, the Chinese strings, measuring, the export targets,
 * the trace table and the log notice, HTML's list of character reference names, all imported
 * statically here. For a server entry that
 * cannot wait: prompt-envelope/react's, which a bundler (Docusaurus's webpack, Next.js) bundles
 * into a server render. A top-level `await` there would make every module that imports it
 * asynchronous, and a bundled server render reads such a module's exports as a promise.
 */
export function provideServerParts(): void {
  provideSegmentViews(views, segmentStyles);
  provideStrings('zh-CN', { base, chat, viewer, panel, meter, diff, studio });
  holdMeasuring({ measureEnvelope });
  hold(composedExport, exportEnvelope);
  hold(targetExporters.openai, exportToOpenAI);
  hold(targetExporters['openai-responses'], exportToOpenAIResponses);
  hold(targetExporters.anthropic, exportToAnthropic);
  hold(targetExporters.gemini, exportToGemini);
  hold(targetExporters.otel, exportToOTel);
  hold(traceTable, traceTableCode);
  hold(logNoticeCode, logNotice);
  provideCharacterReferenceNames(characterEntities);
}
