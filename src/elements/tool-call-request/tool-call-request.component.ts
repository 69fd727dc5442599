import type { ToolCallRequestSegment } from '../../core/protocol/types.js';
import { property } from 'lit/decorators.js';
import type { PropertyValues } from 'lit';
import { jsonStyles } from '../internal/ui/json-styles.js';
import { SegmentElement } from '../internal/segments/segment-element.js';
import { toolCallRequestStyles } from './tool-call-request.styles.js';
import { ToolCallRequestView } from './tool-call-request.view.js';

/**
 * @tagname tool-call-request
 * @summary A call the model made to a tool: a dark terminal-style block whose header names the
 * tool and whose body lists each argument as a labelled row, nested values indented. A call the
 * provider ran itself (1.1 `runBy: "provider"`) says so with a badge and shows the readable parts
 * of the API's item: the query and its sources as links, code and its output, an MCP server's
 * answer, a generated picture.
 *
 * @event {SegmentToggleEvent} segment-toggle - The block was expanded or collapsed (`detail: { messageId, segmentIndex, collapsed }`).
 * @event {EnvelopeErrorEvent} envelope-error - The `segment` is invalid (`detail: { errors }`); an error panel is shown.
 *
 * @csspart base - The root wrapper.
 * @csspart panel - The terminal block.
 * @csspart header - The disclosure button.
 * @csspart label - The words "Tool call".
 * @csspart summary - The area after the label, holding the tool name.
 * @csspart tool-name - The name of the called tool.
 * @csspart body - The expanded content.
 * @csspart arguments - The list of arguments (a `<dl>`, also used for nested values).
 * @csspart argument - One row: a key and its value.
 * @csspart key - The name of an argument or nested key.
 * @csspart value - The value of an argument.
 * @csspart value-toggle - The button that opens or closes a nested value (its key).
 * @csspart preview - The one-line JSON of a closed nested value.
 * @csspart more - The button under a long list of arguments that shows its next items.
 * @csspart empty - The "No arguments" note.
 * @csspart receiving - The note while the arguments stream in (`partial`).
 * @csspart partial - The arguments received so far, as JSON text.
 * @csspart item - The readable parts of the API's own item of a provider-run call (1.1), or its JSON.
 * @csspart provider - The "Run by the provider" badge of a call the provider ran itself (1.1).
 * @csspart server - The "via MCP server …" note of such a call.
 * @csspart provider-facts - The labelled facts of a provider's call or result (query, sources, code, output…).
 * @csspart provider-list - A list among them: sources, search results, outputs.
 * @csspart provider-link - A link to a source (http, https and mailto only; no referrer).
 * @csspart provider-code - Code the provider's tool ran.
 * @csspart provider-output - Output of the provider's tool (logs, standard output, text).
 * @csspart provider-error - An error the provider's tool reported.
 * @csspart provider-image - A picture the provider's tool made (http(s) or data:image only, loaded lazily).
 * @csspart provider-json - A value of a shape not drawn readably, as JSON.
 * @csspart error - The error panel shown for invalid input.
 *
 * @cssprop [--pe-tool-call-request-color=#1f2937] - Background of the block (in both themes).
 * @cssprop [--pe-tool-call-request-text-color=#f9fafb] - Text on that background.
 * @cssprop [--pe-code-font-family=ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace] - Monospace font of the block.
 * @cssprop [--pe-provider-color=#6366f1] - Accent of the "Run by the provider" badge.
 * @cssprop [--pe-radius=8px] - Corner radius.
 */
export class ToolCallRequest extends SegmentElement<ToolCallRequestSegment> {
  static override styles = [...SegmentElement.styles, jsonStyles, toolCallRequestStyles];

  /**
   * The arguments received so far as JSON text, while a live chat streams the call: shown as
   * they are (they do not parse yet) until the complete call replaces the segment.
   */
  @property({ attribute: false })
  partial?: string;

  protected readonly view = new ToolCallRequestView(this, this.ambient);

  protected override willUpdate(changed: PropertyValues<this>): void {
    this.view.partial = this.partial;
    super.willUpdate(changed);
  }
}
