import type { ToolOverviewSegment } from '../../core/protocol/types.js';
import { SegmentElement } from '../internal/segments/segment-element.js';
import { segmentToolOverviewStyles } from './segment-tool-overview.styles.js';
import { jsonStyles } from '../internal/ui/json-styles.js';
import { ToolOverviewView } from './segment-tool-overview.view.js';

/**
 * @tagname segment-tool-overview
 * @summary The tools declared to the model: an orange collapsible panel listing each tool as
 * `name(parameters)` with its description. Each tool expands to its JSON Schema as a readable
 * tree: every property with its type (enum values, `array of …`), a required mark, its
 * description, default, format, pattern and range, nested objects indented. Schemas the tree
 * cannot show fully (no properties, `$ref`, `oneOf`, `anyOf`, `allOf`, deeper than 8 levels)
 * are also shown as JSON. Tools the provider runs itself (1.1) carry a "provider tool" badge and
 * their declaration as JSON; tools sent only in the API's tools field get a note saying so.
 *
 * @event {SegmentToggleEvent} segment-toggle - The panel was expanded or collapsed (`detail: { messageId, segmentIndex, collapsed }`).
 * Expanding one tool's schema is local and fires nothing.
 * @event {EnvelopeErrorEvent} envelope-error - The `segment` is invalid (`detail: { errors }`); an error panel is shown.
 *
 * @csspart base - The root wrapper.
 * @csspart panel - The collapsible panel.
 * @csspart header - The disclosure button.
 * @csspart label - The panel's title.
 * @csspart summary - The tool count.
 * @csspart body - The expanded content.
 * @csspart tool - One tool.
 * @csspart signature - A tool's `name(parameters)`.
 * @csspart tool-description - A tool's description.
 * @csspart schema-toggle - The button that shows a tool's schema.
 * @csspart schema - A tool's schema region.
 * @csspart schema-tree - A list of properties (nested lists for nested objects).
 * @csspart property - One property of a schema.
 * @csspart property-name - A property's name.
 * @csspart type - A property's type.
 * @csspart required - The mark of a required property.
 * @csspart schema-json - A schema shown as JSON.
 * @csspart note - The note for a tool without a schema.
 * @csspart tools-note - The note over the list when the tools went only in the API's tools field (1.1 `inSystemText: false`).
 * @csspart provider - The "provider tool" badge of a tool the provider runs itself (1.1).
 * @csspart declared-in - The "MCP server" mark of a tool declared in the request's `mcp_servers`.
 * @csspart declaration-toggle - The button that shows a tool's declaration as the API wrote it.
 * @csspart declaration - A tool's declaration region.
 * @csspart declaration-json - The declaration as JSON.
 * @csspart error - The error panel shown for invalid input.
 *
 * @cssprop [--pe-tool-overview-color=#f59e0b] - Accent colour.
 * @cssprop [--pe-text-color=#111827] - Text colour (dark theme: #e5e7eb).
 * @cssprop [--pe-muted-color=#4b5563] - Colour of types, descriptions and notes (dark theme: #9ca3af).
 * @cssprop [--pe-surface-color=#ffffff] - Background colour (dark theme: #111827).
 * @cssprop [--pe-border-color=#d1d5db] - Border colour (dark theme: #374151).
 * @cssprop [--pe-code-background=#eef1f5] - Background of JSON blocks (dark theme: #0b1220).
 * @cssprop [--pe-code-font-family=ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace] - Font of names, types and JSON.
 * @cssprop [--pe-json-key-color=#1d4ed8] - Colour of JSON keys (dark theme: #93c5fd).
 * @cssprop [--pe-json-string-color=#047857] - Colour of JSON strings (dark theme: #6ee7b7).
 * @cssprop [--pe-json-number-color=#92400e] - Colour of JSON numbers (dark theme: #fcd34d).
 * @cssprop [--pe-json-literal-color=#7c3aed] - Colour of `true`, `false` and `null` (dark theme: #c4b5fd).
 * @cssprop [--pe-provider-color=#6366f1] - Accent of the "provider tool" badge.
 * @cssprop [--pe-radius=8px] - Corner radius.
 */
export class SegmentToolOverview extends SegmentElement<ToolOverviewSegment> {
  static override styles = [...SegmentElement.styles, jsonStyles, segmentToolOverviewStyles];

  protected readonly view = new ToolOverviewView(this, this.ambient);
}
