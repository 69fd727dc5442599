import { assemble, type Assembly } from './assemble.js';
import type { ExportOptions, ExportTarget } from './export.js';
import { isOpenAIReasoningModel } from './openai.js';
import type { Envelope } from './protocol.js';
import type { MidConversationSystem } from './render-common.js';

/**
 * Where a target can put events and system messages after the conversation started
 * (`midConversationSystem`, SPEC §3.6): OpenAI `system` (`developer` for o-series models, or
 * the option), OpenTelemetry keeps every role, Anthropic and Gemini have none.
 */
export function targetMidConversationSystem(
  target: ExportTarget,
  options: Pick<ExportOptions, 'midConversationSystem' | 'model'>,
  envelopeModel?: string,
): MidConversationSystem {
  switch (target) {
    case 'openai':
      return (
        options.midConversationSystem ??
        (isOpenAIReasoningModel(options.model ?? envelopeModel) ? 'developer' : 'system')
      );
    case 'otel':
      return 'system';
    default:
      return 'none';
  }
}

/** The assembly a target renders: `assemble` with the target's capability and the options. */
export function assembleFor(
  envelope: Envelope,
  target: ExportTarget,
  options: ExportOptions = {},
): Assembly {
  return assemble(envelope, {
    ...(options.model === undefined ? {} : { model: options.model }),
    ...(options.timeZone === undefined ? {} : { timeZone: options.timeZone }),
    ...(options.registry === undefined ? {} : { registry: options.registry }),
    ...(options.maxSystemChars === undefined ? {} : { maxSystemChars: options.maxSystemChars }),
    midConversationSystem: targetMidConversationSystem(target, options, envelope.model),
  });
}
