/** What every export target is: a renderer of the shared assembly, its rule check, its capability. */
import type { SegmentRegistry } from '../assembly/registry.js';
import type { PromptComponent } from '../assembly/compose.js';
import type {
  Conversation,
  ExportWarning,
  MidConversationSystem,
  PassThroughSegment,
} from '../assembly/conversation.js';
import type { Rendered } from './render-common.js';
import type { RequestViolation } from './request-check.js';

export interface ExportOptions {
  /** Overrides the envelope's model (OpenAI and Anthropic bodies; Gemini puts it in the URL). */
  model?: string;
  /** Anthropic's required `max_tokens` (default 1024). */
  maxTokens?: number;
  /** IANA time zone of times in host headers (default UTC). */
  timeZone?: string;
  /**
   * Overrides where events and later system messages go: `system`, `developer` (OpenAI o-series
   * default) or `none` (a user message whose header names the host, as Anthropic and Gemini
   * always do). Only OpenAI has a choice; the others ignore it.
   */
  midConversationSystem?: MidConversationSystem;
  /** A host's own prompt segments, rendered together with the built-in ones (SPEC §3.6). */
  registry?: SegmentRegistry;
  /** Drops `preferred` system-text segments, lowest weight first, until the system text fits. */
  maxSystemChars?: number;
  /** Prompt Studio components applied to the assembled prompt (SPEC §3.7). */
  components?: readonly PromptComponent[];
}

export interface Target<Body> {
  /** The target's name, as `exportEnvelope`'s `target` option says it (an ExportTarget). */
  name: string;
  /**
   * Where the target can put events and system messages after the conversation started
   * (`midConversationSystem`, SPEC §3.6), given the options and the model the request is for.
   */
  midConversationSystem(options: ExportOptions, model: string | undefined): MidConversationSystem;
  /**
   * Whether the body carries this thinking or provider-run segment (1.1): only the API it came
   * from can. Absent: none. The pipeline names what a target leaves out.
   */
  sends?(segment: PassThroughSegment): boolean;
  /** False when the body names no model (it goes in the URL, or nowhere). */
  carriesModel: boolean;
  render(
    conversation: Conversation,
    options: ExportOptions,
  ): Rendered<Body> & { warnings?: ExportWarning[] };
  /** The API's rules that its schema cannot express; accepts any value, never throws. */
  check(body: unknown): RequestViolation[];
}
