/**
 * prompt-envelope/core: the DOM-free core. Pure functions, no DOM, no Lit; runs in Node 20+ and
 * in browsers under a strict Content-Security-Policy. Nothing here throws on user data.
 *
 * This file is the public API and nothing else (recorded in api/core.api.md): the documented
 * functions, their option and result types, and the protocol types. The elements import what
 * else they need from the stage folders by path.
 */

// protocol/: the envelope, its validation, parsing and normalisation.
export {
  ROLES,
  SEGMENT_KINDS,
  type Actor,
  type ContentForm,
  type DocumentSegment,
  type Envelope,
  type ImageDetail,
  type ItemStatus,
  type ItemType,
  type LongTextSegment,
  type MediaSegment,
  type MediaType,
  type MemoryItem,
  type MemorySegment,
  type Message,
  type OriginalRole,
  type ProtocolVersion,
  type RequestRecord,
  type RequestTarget,
  type Role,
  type RunBy,
  type Scene,
  type Segment,
  type SegmentKind,
  type SegmentOfKind,
  type SkillItem,
  type SkillsSegment,
  type StateChangeField,
  type StateChangeSegment,
  type StateChangeType,
  type StaticVarSegment,
  type SystemPromptSegment,
  type TextSegment,
  type ThinkingSegment,
  type ToolCallRequestSegment,
  type ToolCallResultSegment,
  type ToolItem,
  type ToolOverviewSegment,
} from './protocol/types.js';
export type { EnvelopeError, EnvelopeWarning, ValidationResult } from './protocol/issues.js';
export { validateEnvelope, validateSegment, validateMessage } from './protocol/validate.js';
export { parseEnvelope, type ParseResult } from './protocol/parse.js';
export { normalizeEnvelope, type NormalizeResult } from './protocol/normalize.js';
export {
  validateScenarioManifest,
  type ScenarioManifest,
  type ScenarioEntry,
} from './protocol/manifest.js';

// assembly/: prompt segments, the registry hosts add to, and Prompt Studio's components.
export {
  createSegmentRegistry,
  type MessageSegmentKind,
  type PromptSegment,
  type PromptSegmentKind,
  type SegmentInput,
  type SegmentRegistry,
  type TextSegmentKind,
  type TraceRow,
} from './assembly/registry.js';
export {
  validateComponents,
  type ComponentIssue,
  type ComponentPosition,
  type ComponentRole,
  type ComposedMessage,
  type ComposeResult,
  type NativeComponent,
  type PromptComponent,
} from './assembly/compose.js';
export type { ExportWarning, MidConversationSystem } from './assembly/conversation.js';

// targets/: provider request bodies out and in, and provider streams into messages.
export { exportEnvelope, exportToOpenAIFormat, type ExportResult } from './targets/export.js';
export { EXPORT_TARGETS, type ExportBodies, type ExportTarget } from './targets/target-names.js';
export type { ExportOptions } from './targets/target.js';
export type { RequestViolation } from './targets/request-check.js';
export {
  composePrompt,
  listNativeComponents,
  type ComposeOptions,
} from './targets/compose-prompt.js';
export {
  checkOpenAIRequest,
  type OpenAIChatRequest,
  type OpenAIContentPart,
  type OpenAIMessage,
  type OpenAITextPart,
  type OpenAITool,
  type OpenAIToolCall,
} from './targets/openai/export.js';
export {
  checkOpenAIResponsesRequest,
  type ItemBookkeeping,
  type OpenAIResponsesBuiltInItem,
  type OpenAIResponsesFunctionCall,
  type OpenAIResponsesFunctionCallOutput,
  type OpenAIResponsesFunctionTool,
  type OpenAIResponsesInputPart,
  type OpenAIResponsesItem,
  type OpenAIResponsesMessage,
  type OpenAIResponsesOutputPart,
  type OpenAIResponsesOutputText,
  type OpenAIResponsesReasoning,
  type OpenAIResponsesRequest,
  type OpenAIResponsesTool,
} from './targets/openai-responses/export.js';
export {
  checkAnthropicRequest,
  type AnthropicBlock,
  type AnthropicCacheControl,
  type AnthropicImageType,
  type AnthropicMessage,
  type AnthropicRequest,
  type AnthropicTextBlock,
  type AnthropicTool,
  type AnthropicVerbatimBlock,
} from './targets/anthropic/export.js';
export {
  checkGeminiRequest,
  type GeminiContent,
  type GeminiFunctionCall,
  type GeminiFunctionDeclaration,
  type GeminiPart,
  type GeminiRequest,
  type GeminiTool,
} from './targets/gemini/export.js';
export {
  checkOTelRecord,
  type OTelGenAIRecord,
  type OTelMessage,
  type OTelPart,
  type OTelToolDefinition,
} from './targets/otel/export.js';
export {
  importEnvelope,
  IMPORT_SOURCES,
  type ImportedConversation,
  type ImportError,
  type ImportFormat,
  type ImportOptions,
  type ImportResult,
  type ImportSource,
  type ImportWarning,
} from './targets/import.js';
export { toCurl } from './targets/curl.js';
// Reading provider streams (SSE, four providers' formats, applying their updates) is its own
// entry point, prompt-envelope/core/streams: an app that validates, exports or shows envelopes
// carries none of it. The updates' types stay here, as the live elements take them.
export type {
  StreamEndReason,
  StreamProvider,
  StreamUpdate,
  StreamWarning,
} from './targets/streams/stream-updates.js';

// insight/: context size, search and comparison.
export {
  measureEnvelope,
  type ContextSize,
  type ImageMeasure,
  type MeasureBucket,
  type MeasureOptions,
  type MeasureResult,
  type MeasureWarning,
  type MessageSize,
  type SegmentSize,
} from './insight/measure.js';
export {
  imagePixelSize,
  imageTokens,
  type ImagePixels,
  type ImageProvider,
  type ImageTokenCount,
  type ImageTokenRule,
} from './insight/image-tokens.js';
export { estimateTokenizer, type Tokenizer } from './insight/token-estimate.js';
export {
  searchEnvelope,
  type MarkdownText,
  type SearchMatch,
  type SearchOptions,
  type SearchResult,
} from './insight/search.js';
export {
  diffEnvelopes,
  type DiffError,
  type DiffStatus,
  type DiffWarning,
  type EnvelopeDiffResult,
  type MessageDiff,
  type SegmentDiff,
  type ValueChange,
} from './insight/diff.js';

// skills/: SKILL.md files and the registry that fills skill bodies in.
export {
  createSkillRegistry,
  hydrateSkills,
  type Skill,
  type SkillRegistry,
} from './skills/registry.js';
// Reading SKILL.md files takes a YAML parser (js-yaml, 14 kB gzip): parseSkillMarkdown is its own
// entry point, prompt-envelope/core/skill-markdown, so the core carries none.
export type { SkillParseResult } from './skills/skill-markdown.js';
