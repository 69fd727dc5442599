import type { ToolCallResultSegment } from '../../core/protocol/types.js';
import { jsonStyles } from '../internal/ui/json-styles.js';
import { SegmentElement } from '../internal/segments/segment-element.js';
import { toolCallResultStyles } from './tool-call-result.styles.js';
import { ToolCallResultView } from './tool-call-result.view.js';

/**
 * @tagname tool-call-result
 * @summary What a tool returned: a status strip (green "Succeeded", collapsed by default; red
 * "Failed", expanded by default) over the result text, pretty-printed when it is JSON. A result
 * the API gave as an object (1.1 `structured`) is drawn from it: web search results as titled
 * links, code execution as its output and return code, an error as an error, anything else as
 * JSON; a provider-run result carries the "Run by the provider" badge.
 *
 * @event {SegmentToggleEvent} segment-toggle - The strip was expanded or collapsed (`detail: { messageId, segmentIndex, collapsed }`).
 * @event {EnvelopeErrorEvent} envelope-error - The `segment` is invalid (`detail: { errors }`); an error panel is shown.
 *
 * @csspart base - The root wrapper.
 * @csspart panel - The status strip and its body.
 * @csspart header - The disclosure button.
 * @csspart label - The words "Tool result".
 * @csspart summary - The area after the label: tool name and status.
 * @csspart tool-name - The name of the tool.
 * @csspart status - The status word ("Succeeded" or "Failed").
 * @csspart body - The expanded content.
 * @csspart result - The result text (scrolls when long).
 * @csspart cut - The note under a result too long to show whole (its first 100,000 characters are shown).
 * @csspart result-type - The API's own type of a structured result (1.1), e.g. `web_search_tool_result`.
 * @csspart structured - A result the API gave as an object or a list (1.1): search results, code output, an error, or its JSON.
 * @csspart provider - The "Run by the provider" badge of a result of a call the provider ran itself (1.1).
 * @csspart provider-facts - The labelled facts of a provider's call or result (query, sources, code, output…).
 * @csspart provider-list - A list among them: sources, search results, outputs.
 * @csspart provider-link - A link to a source (http, https and mailto only; no referrer).
 * @csspart provider-output - Output of the provider's tool (logs, standard output, text).
 * @csspart provider-error - An error the provider's tool reported.
 * @csspart provider-image - A picture the provider's tool made (http(s) or data:image only, loaded lazily).
 * @csspart provider-json - A value of a shape not drawn readably, as JSON.
 * @csspart error - The error panel shown for invalid input.
 *
 * @cssprop [--pe-tool-success-color=#22c55e] - Accent of a successful result.
 * @cssprop [--pe-tool-failure-color=#ef4444] - Accent of a failed result.
 * @cssprop [--pe-danger-text-color=#b91c1c] - Colour of the word "Failed" (dark theme: #fca5a5).
 * @cssprop [--pe-code-background=#eef1f5] - Background of the result text (dark theme: #0b1220).
 * @cssprop [--pe-code-font-family=ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace] - Monospace font of the result text.
 * @cssprop [--pe-text-color=#111827] - Text colour (dark theme: #e5e7eb).
 * @cssprop [--pe-surface-color=#ffffff] - Background colour (dark theme: #111827).
 * @cssprop [--pe-border-color=#d1d5db] - Border colour (dark theme: #374151).
 * @cssprop [--pe-provider-color=#6366f1] - Accent of the "Run by the provider" badge.
 * @cssprop [--pe-link-color=#1d4ed8] - Colour of the links to sources (dark theme: #93c5fd).
 * @cssprop [--pe-radius=8px] - Corner radius.
 */
export class ToolCallResult extends SegmentElement<ToolCallResultSegment> {
  static override styles = [...SegmentElement.styles, jsonStyles, toolCallResultStyles];

  protected readonly view = new ToolCallResultView(this, this.ambient);
}
