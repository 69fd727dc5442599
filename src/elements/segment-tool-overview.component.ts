import type { ToolOverviewSegment } from '../core/protocol/types.js';
import { SegmentElement } from './internal/segment-element.js';
import { segmentToolOverviewStyles } from './segment-tool-overview.styles.js';
import { jsonStyles } from './internal/json-view.js';
import { ToolOverviewView } from './segment-tool-overview.view.js';

/**
 * @tagname segment-tool-overview
 * @summary The tools declared to the model: an orange collapsible panel listing each tool as
 * `name(parameters)` with its description. Each tool expands to its JSON Schema as a readable
 * tree: every property with its type (enum values, `array of …`), a required mark, its
 * description, default, format, pattern and range, nested objects indented. Schemas the tree
 * cannot show fully (no properties, `$ref`, `oneOf`, `anyOf`, `allOf`, deeper than 8 levels)
 * are also shown as JSON.
 *
 * @event segment-toggle - The panel was expanded or collapsed (`detail: { messageId, segmentIndex, collapsed }`).
 * Expanding one tool's schema is local and fires nothing.
 * @event envelope-error - The `segment` is invalid (`detail: { errors }`); an error panel is shown.
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
 * @csspart error - The error panel shown for invalid input.
 *
 * @cssprop --pe-tool-overview-color - Accent colour (default #F59E0B).
 * @cssprop --pe-text-color - Text colour.
 * @cssprop --pe-muted-color - Colour of types, descriptions and notes.
 * @cssprop --pe-surface-color - Background colour.
 * @cssprop --pe-border-color - Border colour.
 * @cssprop --pe-code-background - Background of JSON blocks.
 * @cssprop --pe-code-font-family - Font of names, types and JSON.
 * @cssprop --pe-json-key-color - Colour of JSON keys.
 * @cssprop --pe-json-string-color - Colour of JSON strings.
 * @cssprop --pe-json-number-color - Colour of JSON numbers.
 * @cssprop --pe-json-literal-color - Colour of `true`, `false` and `null`.
 * @cssprop --pe-radius - Corner radius.
 */
export class SegmentToolOverview extends SegmentElement<ToolOverviewSegment> {
  static override styles = [...SegmentElement.styles, jsonStyles, segmentToolOverviewStyles];

  protected readonly view = new ToolOverviewView(this, this.ambient);
}
