/**
 * prompt-envelope/core: the DOM-free core. Pure functions, no DOM, no Lit; runs in Node 20+ and
 * in browsers under a strict Content-Security-Policy. Nothing here throws on user data.
 */
export * from './protocol.js';
export type { EnvelopeError, EnvelopeWarning, ValidationResult } from './issues.js';
export { validateEnvelope, validateSegment, validateMessage } from './validate.js';
export { parseEnvelope, parseJson, type ParseResult } from './parse.js';
export { normalizeEnvelope, type NormalizeResult } from './normalize.js';
export {
  validateScenarioManifest,
  looksLikeScenarioManifest,
  type ScenarioManifest,
  type ScenarioEntry,
} from './manifest.js';
export { findSemanticWarnings, SNIPPET_MAX } from './semantic-checks.js';
export {
  placeholderNames,
  expandPlaceholders,
  splitPlaceholders,
  staticVariables,
} from './template.js';
export {
  assemble,
  buildConversation,
  createSegmentRegistry,
  MESSAGE_SEGMENT_KINDS,
  TEXT_SEGMENT_KINDS,
  type AssembleOptions,
  type Assembly,
  type MessageSegmentKind,
  type PromptSegment,
  type PromptSegmentKind,
  type SegmentInput,
  type SegmentRegistry,
  type TextSegmentKind,
  type TraceRow,
} from './assemble.js';
export {
  composePrompt,
  listNativeComponents,
  validateComponents,
  COMPONENT_POSITIONS,
  COMPONENT_ROLES,
  type ComponentIssue,
  type ComponentPosition,
  type ComponentRole,
  type ComposedMessage,
  type ComposeOptions,
  type ComposeResult,
  type NativeComponent,
  type PromptComponent,
} from './compose.js';
export {
  cut,
  formatHeader,
  fullHeaderMessageIds,
  headerValue,
  HEADER_VALUE_MAX,
  quoted,
  RESERVED_SENDER_IDS,
  sceneLine,
  STATE_CHANGE_NOTE,
  STATE_CHANGE_PREFIX,
  stateChangeLine,
  unannouncedChanges,
} from './headers.js';
export {
  formatBytes,
  type Conversation,
  type Turn,
  type ContentPart,
  type ToolCall,
  type ToolResult,
  type ToolDeclaration,
  type ExportWarning,
} from './conversation.js';
export {
  renderOpenAI,
  isOpenAIReasoningModel,
  type OpenAIChatRequest,
  type OpenAIMessage,
  type OpenAIContentPart,
  type OpenAIToolCall,
  type OpenAITool,
} from './openai.js';
export { checkOpenAIRequest, TOOL_NAME_PATTERN, type RequestViolation } from './check-openai.js';
export {
  assembleFor,
  exportEnvelope,
  exportToOpenAIFormat,
  targetMidConversationSystem,
  EXPORT_TARGETS,
  type ExportTarget,
  type ExportBodies,
  type ExportOptions,
  type ExportResult,
} from './export.js';
export {
  renderAnthropic,
  checkAnthropicRequest,
  DEFAULT_MAX_TOKENS,
  type AnthropicRequest,
  type AnthropicMessage,
  type AnthropicBlock,
  type AnthropicTool,
} from './anthropic.js';
export {
  renderGemini,
  checkGeminiRequest,
  type GeminiRequest,
  type GeminiContent,
  type GeminiPart,
  type GeminiFunctionDeclaration,
} from './gemini.js';
export {
  renderOTel,
  checkOTelRecord,
  type OTelGenAIRecord,
  type OTelMessage,
  type OTelPart,
  type OTelToolDefinition,
} from './otel.js';
export {
  clockTime,
  hostHeader,
  type MidConversationSystem,
  type Rendered,
} from './render-common.js';
export { createSkillRegistry, hydrateSkills, type Skill, type SkillRegistry } from './skills.js';
export {
  parseSkillMarkdown,
  SKILL_NAME_PATTERN,
  SKILL_DESCRIPTION_MAX,
  type SkillParseResult,
} from './skill-markdown.js';
export {
  importEnvelope,
  summarizeParameters,
  IMPORT_SOURCES,
  type ImportSource,
  type ImportOptions,
  type ImportResult,
  type ImportWarning,
} from './import.js';
export { toCurl } from './curl.js';
export {
  measureEnvelope,
  MEASURE_BUCKETS,
  IMAGE_TOKENS,
  type MeasureBucket,
  type MeasureOptions,
  type MeasureResult,
  type MeasureWarning,
  type MessageSize,
  type SegmentSize,
  type ContextSize,
} from './measure.js';
export { estimateTokenizer, type Tokenizer } from './token-estimate.js';
export {
  diffEnvelopes,
  type EnvelopeDiffResult,
  type MessageDiff,
  type SegmentDiff,
  type ValueChange,
  type DiffStatus,
  type DiffError,
} from './diff.js';
export {
  HEADER_MATCH,
  headerSearchText,
  searchEnvelope,
  searchPattern,
  segmentSearchTexts,
  type SearchMatch,
  type SearchResult,
} from './search.js';
