import { html, nothing, type TemplateResult } from 'lit';
import type { ComposedMessage, PromptComponent } from '../../core/assembly/compose.js';
import type { ExportTarget } from '../../core/targets/target-names.js';
import type { Envelope } from '../../core/protocol/types.js';
import type { AmbientController } from '../internal/strings/localize.js';
import { renderWorking } from '../internal/offload/offload-status.js';
import type { ShownComposition } from '../internal/offload/offload-jobs.js';
import type { ShownSlices } from '../internal/pacing/shown-slices.js';
import { formatNumber } from '../internal/strings/format.js';
import { sharedShownParts } from '../internal/pacing/shown-part.js';
import {
  MAX_LABEL_CHARS,
  MAX_SHOWN_CHARS,
  renderCutNote,
  shortened,
  shownPart,
} from '../internal/pacing/shown-text.js';
import type { StringKey } from '../internal/strings/strings.js';
import { renderTabs } from '../internal/ui/tabs.js';

export type PreviewTab = 'prompt' | 'request';

export interface PreviewView {
  ambient: AmbientController;
  /** The envelope the supplements are composed into; none yet, or none while `loading`. */
  envelope: Envelope | undefined;
  loading: boolean;
  tab: PreviewTab;
  onSelectTab: (tab: PreviewTab) => void;
  /** The shadow root the tabs live in (for keyboard focus). */
  root: ParentNode;
  /**
   * What the model gets: asked only when the Prompt tab is shown (composing costs); null while
   * a large envelope is composed off the main thread, `working` saying how far it is.
   */
  compose: (envelope: Envelope) => ShownComposition | null;
  working: number;
  /** The supplements being edited: asked only when the Request body tab is shown. */
  components: () => PromptComponent[];
  target: ExportTarget;
  /** How many composed messages are shown ("show more" adds the next slice). */
  slices: ShownSlices;
}

/**
 * The full preview: the composed prompt (system text and messages, with the supplements' gaps
 * marked outside the text) or, in its other tab, the provider request body in a `<protocol-panel>`.
 */
export function renderPreview(v: PreviewView): TemplateResult {
  const a = v.ambient;
  const envelope = v.envelope;
  let body;
  if (v.loading)
    body = html`<p class="empty" role="status" aria-busy="true">${a.t('common.loading')}</p>`;
  else if (!envelope) body = html`<p class="empty">${a.t('studio.noEnvelope')}</p>`;
  else
    body = renderTabs(
      {
        tabs: [
          { id: 'prompt' as const, label: a.t('studio.prompt') },
          { id: 'request' as const, label: a.t('studio.request') },
        ],
        selected: v.tab,
        label: a.t('studio.preview'),
        onSelect: v.onSelectTab,
        root: v.root,
        prefix: 'preview',
      },
      v.tab === 'prompt'
        ? renderComposedPrompt(a, v.compose(envelope), v.slices, v.working)
        : html`<protocol-panel
            part="panel"
            class="panel"
            .envelope=${envelope}
            .components=${v.components()}
            tab=${v.target}
            name="prompt-studio"
            theme=${a.theme}
            lang=${a.lang}
            @envelope-load=${stop}
            @envelope-error=${stop}
          ></protocol-panel>`,
    );
  return html`<section part="preview" class="preview" aria-labelledby="preview-title">
    <h2 id="preview-title">${a.t('studio.preview')}</h2>
    ${body}
  </section>`;
}

/**
 * The composed prompt within the render budgets (issue 20): the first slice of the messages,
 * and at most MAX_SHOWN_CHARS of each text, with a note; a 10 MB text drawn whole blocked the
 * page for seconds, and 100,000 messages for a minute.
 */
function renderComposedPrompt(
  a: AmbientController,
  result: ShownComposition | null,
  slices: ShownSlices,
  working: number,
) {
  if (!result) return renderWorking(a, working);
  return html`<div class="prompt">
    <p class="hint">${a.t('studio.previewHint')}</p>
    ${
      result.warnings.length > 0
        ? html`<div class="preview-warnings">
            <strong>${a.t('panel.warnings')} (${result.warnings.length})</strong>
            <ul>
              ${result.warnings.map((w) => html`<li>${w.message}</li>`)}
            </ul>
          </div>`
        : nothing
    }
    <section aria-labelledby="system-title">
      <h3 id="system-title">${a.t('studio.systemText')}</h3>
      ${
        result.system === null || result.system === ''
          ? html`<p class="empty">${a.t('studio.noSystem')}</p>`
          : html`<pre part="system" class="model-text" tabindex="0" aria-labelledby="system-title">
${shownPart(result.system)}</pre>
              ${renderCutNote(a, result.fullLengths?.system ?? result.system.length)}`
      }
    </section>
    <section aria-labelledby="messages-title">
      <h3 id="messages-title">${a.t('studio.messages', { n: result.messages.length })}</h3>
      <ol class="messages">
        ${shownMessages(slices.slice('messages', result.messages)).map(({ message, shown }, i) =>
          renderComposedMessage(
            a,
            message,
            i,
            shown,
            result.fullLengths?.messages[i] ?? message.content.length,
          ),
        )}
      </ol>
      ${slices.more('messages', result.messages.length)}
    </section>
  </div>`;
}

/**
 * Characters of message text the shown messages share: each shows at least 2,000, then what is
 * left (a hundred texts of 50 kB in one view blocked the page for seconds). A large envelope's
 * texts come back from the worker cut to this (prompt-studio.component.ts).
 */
export const PREVIEW_BUDGET = {
  system: MAX_SHOWN_CHARS,
  messages: { total: MAX_SHOWN_CHARS, least: 2_000 },
} as const;

function shownMessages(messages: readonly ComposedMessage[]) {
  const shown = sharedShownParts(
    messages.map((m) => m.content),
    PREVIEW_BUDGET.messages,
  );
  return messages.map((message, i) => ({ message, shown: shown[i]! }));
}

function renderComposedMessage(
  a: AmbientController,
  message: ComposedMessage,
  index: number,
  shown: string,
  /** The full length of the message's text (`content` may have been cut for the view). */
  length: number,
) {
  const roleKey = `role.${message.role}` as StringKey;
  const roleLabel = message.role === 'developer' ? 'developer' : a.t(roleKey);
  const gap = message.gap;
  return html`<li
    part="message"
    class="message ${gap ? 'gap' : ''}"
    data-gap=${gap ?? ''}
    data-role=${message.role}
  >
    <div class="message-head">
      <span class="role">${roleLabel}</span>
      ${
        gap
          ? html`<span class="gap-marker"
              >${a.t('studio.gapMarker', {
                gap: a.t(`studio.position.${gap}` as StringKey),
                ids: message.components.join(', '),
              })}</span
            >`
          : message.components.length > 0
            ? html`<span class="gap-marker"
                >${a.t('studio.inMessage', { ids: message.components.join(', ') })}</span
              >`
            : nothing
      }
      ${message.toolCallId ? html`<span>${a.t('studio.answers', { id: message.toolCallId })}</span>` : nothing}
    </div>
    ${
      message.content !== ''
        ? html`<pre
              class="model-text content"
              tabindex="0"
              aria-label=${a.t('studio.messageText', { n: index + 1, role: roleLabel })}
            >
${shown}</pre>
            ${renderShownNote(a, shown.length, length)}`
        : nothing
    }
    ${
      message.toolCalls && message.toolCalls.length > 0
        ? html`<ul class="tool-calls" aria-label=${a.t('studio.toolCalls')}>
            ${message.toolCalls.map(
              (c) =>
                html`<li>
                  <code>${c.name}(${shortened(safeJson(c.arguments), MAX_LABEL_CHARS)})</code> ·
                  <code>${c.id}</code>
                </li>`,
            )}
          </ul>`
        : nothing
    }
  </li>`;
}

/** Events of the embedded panel are the studio's own business: it reports its envelope itself. */
const stop = (event: Event) => event.stopPropagation();

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

/** The cut note (`part="cut"`) for a text of which `shown` of `total` characters are shown. */
function renderShownNote(a: AmbientController, shown: number, total: number) {
  if (shown >= total) return nothing;
  const format = (n: number) => formatNumber(n, a.lang);
  return html`<p part="cut" class="cut">
    ${a.t('common.cut', { shown: format(shown), total: format(total) })}
  </p>`;
}
