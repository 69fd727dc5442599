import { loadStrings } from '../strings/localize.js';
import { loadSegmentViews, SEGMENT_KINDS } from '../segments/message-segments.js';
import { holdMeasuring } from './measuring.js';
import { composedExport, targetExporters } from '../../protocol-panel/target-exporters.js';
import { traceTable } from '../../protocol-panel/trace-table-load.js';
import { logNoticeCode } from '../../protocol-panel/log-notice-load.js';
import { loadEntityNames } from '../markdown/html-entities.js';

/**
 * Loads what an element loads on demand in a browser: a server render cannot wait for a
 * language's strings, the segment views a message loads, the measuring a context meter loads,
 * or the export targets, the trace table and the log notice a protocol panel loads, or HTML's list
 * of character reference names that Markdown loads, the way an element in a page does.
 */
export async function preloadForServerRender(langs: string[] = ['en', 'zh-CN']): Promise<void> {
  await Promise.all([
    ...langs.map((lang) => loadStrings(lang)),
    loadSegmentViews(SEGMENT_KINDS),
    import('../../../core/insight/measure.js').then(holdMeasuring),
    composedExport.load(),
    ...Object.values(targetExporters).map((part) => part.load()),
    traceTable.load(),
    logNoticeCode.load(),
    loadEntityNames(),
  ]);
}
