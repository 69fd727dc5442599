import { html, nothing, type TemplateResult } from 'lit';
import { TEXT_SEGMENT_KINDS, type TraceRow } from '../../core/assembly/registry.js';
import type { Envelope } from '../../core/protocol/types.js';
import { formatNumber } from '../internal/strings/format.js';
import type { AmbientController } from '../internal/strings/localize.js';
import type { StringKey } from '../internal/strings/strings.js';

export interface TraceTableView {
  ambient: AmbientController;
  /** The name of the provider whose request was traced. */
  targetLabel: StringKey;
  rows: TraceRow[];
  /** The envelope traced, to say what each of its segments' rows stands for. */
  envelope: Envelope;
  /** `max-system-chars`, when it is a usable budget. */
  budget: number | undefined;
}

/** One row per prompt segment, in the order the core lists them, and the totals. */
export function renderTraceTable(v: TraceTableView): TemplateResult {
  const { ambient: a, rows, envelope, budget } = v;
  const n = (value: number) => formatNumber(value, a.lang);
  const isText = (row: TraceRow) => (TEXT_SEGMENT_KINDS as readonly string[]).includes(row.kind);
  const text = rows.filter(isText);
  const kept = text.filter((r) => !r.trimmed);
  // The core joins the kept texts with a blank line.
  const systemChars =
    kept.reduce((sum, r) => sum + r.characters, 0) + Math.max(0, kept.length - 1) * 2;
  const messageRows = rows.filter((r) => !isText(r));
  const caption =
    a.t('trace.caption', { target: a.t(v.targetLabel) }) +
    (budget === undefined ? '' : ` · ${a.t('trace.budget', { n: n(budget) })}`);
  return html`<div
    part="trace"
    class="trace"
    tabindex="0"
    role="region"
    aria-label=${a.t('trace.tableLabel')}
  >
    <table part="trace-table">
      <caption>
        ${caption}
      </caption>
      <thead>
        <tr>
          <th scope="col">${a.t('trace.segment')}</th>
          <th scope="col">${a.t('trace.kind')}</th>
          <th scope="col" class="number">${a.t('trace.weight')}</th>
          <th scope="col" class="number">${a.t('trace.characters')}</th>
          <th scope="col">${a.t('trace.trimmed')}</th>
          <th scope="col">${a.t('trace.source')}</th>
          <th scope="col" class="number">${a.t('trace.messages')}</th>
          <th scope="col">${a.t('trace.sentAs')}</th>
        </tr>
      </thead>
      <tbody>
        ${rows.map((row) => {
          const what = describe(a, row.id, envelope);
          return html`<tr class="${row.trimmed ? 'trimmed' : ''} ${row.source}" data-id=${row.id}>
            <th scope="row">
              <code>${row.id}</code>${what ? html`<span class="what">${what}</span>` : nothing}
            </th>
            <td><code>${row.kind}</code></td>
            <td class="number">${n(row.weight)}</td>
            <td class="number characters">${n(row.characters)}</td>
            <td>
              <span class="badge ${row.trimmed ? 'yes' : 'no'}"
                >${a.t(row.trimmed ? 'trace.yes' : 'trace.no')}</span
              >
            </td>
            <td>${a.t(row.source === 'host' ? 'trace.host' : 'trace.builtin')}</td>
            <td class="number">${row.messages === undefined ? '' : n(row.messages)}</td>
            <td>${row.renderedAs ? a.t(`trace.sentAs.${row.renderedAs}`) : ''}</td>
          </tr>`;
        })}
      </tbody>
      <tfoot>
        <tr data-total="system">
          <th scope="row" colspan="3">${a.t('trace.systemTotal')}</th>
          <td class="number">${n(systemChars)}</td>
          <td colspan="4">
            ${
              text.length > kept.length
                ? a.t('trace.trimmedCount', { n: n(text.length - kept.length) })
                : ''
            }
          </td>
        </tr>
        <tr data-total="messages">
          <th scope="row" colspan="3">${a.t('trace.messagesTotal')}</th>
          <td class="number">${n(messageRows.reduce((sum, r) => sum + r.characters, 0))}</td>
          <td colspan="2"></td>
          <td class="number">${n(messageRows.reduce((sum, r) => sum + (r.messages ?? 0), 0))}</td>
          <td></td>
        </tr>
      </tfoot>
    </table>
  </div>`;
}

/** What an envelope segment's row stands for, e.g. "Memory of message a-1". */
function describe(a: AmbientController, id: string, envelope: Envelope): string {
  const match = /^envelope:(.*):(\d+|text)$/.exec(id);
  if (!match) return '';
  const [, messageId, index] = match;
  const message = envelope.messages.find((m) => m.id === messageId);
  if (!message) return '';
  if (index === 'text') return a.t('trace.textOf', { id: message.id });
  const segment = message.segments[Number(index)];
  if (!segment) return '';
  return a.t('trace.of', {
    kind: a.t(`kind.${segment.kind}` as StringKey),
    id: message.id,
  });
}
