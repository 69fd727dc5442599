import { html, isServer, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type {
  ImportedConversation,
  ImportResult,
  ImportWarning,
} from '../../core/targets/import-body.js';
import {
  loggedRequests,
  recordWarnings,
  type ConversationPlace,
  type ImportedRequest,
} from '../../core/targets/import-logged.js';
import type { Envelope } from '../../core/protocol/types.js';
import { fetchText, type EnvelopeState } from '../internal/input/envelope-input.js';
import type { AmbientController } from '../internal/strings/localize.js';
import { importInSlices } from '../internal/offload/offload-import.js';
import { OFFLOAD_THRESHOLD, offload } from '../internal/offload/offload.js';
import { renderIssueLine } from '../internal/ui/issue-line.js';
import { loadedMarkdownText } from '../internal/markdown/markdown-reading.js';

/** One file (or paste, or URL) opened in the viewer. */
export interface OpenedFile {
  name: string;
  /** 0 to 1 while it is read. */
  progress: number;
  result?: ImportResult;
  conversations: ImportedConversation[];
  /** Lower-case text of each conversation, made on the first search. */
  searchText?: string[];
  /** Stops the reading (the Cancel button); set while it is read. */
  load?: AbortController;
  /** The request a conversation was read from (it keeps the text read until first asked). */
  requestOf?: (conversation: ConversationPlace) => ImportedRequest | undefined;
}

export interface ViewerOpenHost extends ReactiveControllerHost, HTMLElement {
  readonly renderRoot: HTMLElement | DocumentFragment;
  /** Whether the page's Ctrl/Cmd+O, drops and pastes open files in this viewer. */
  openFiles: boolean;
  compareWith?: string | Envelope;
  view: string;
  /** Limits of a URL read by `openUrl` (read-url.ts has their defaults). */
  maxBytes?: number;
  idleTimeout?: number;
}

/** The formats' own names, the same in every language. */
const PRODUCT_NAMES = {
  openai: 'OpenAI Chat Completions',
  'openai-responses': 'OpenAI Responses',
  anthropic: 'Anthropic Messages',
  gemini: 'Gemini generateContent',
  otel: 'OpenTelemetry GenAI',
  otlp: 'OTLP trace (OpenTelemetry GenAI)',
};

/** Conversations listed at once; a search narrows the rest. */
const LISTED = 200;

/**
 * Opening a person's own data in `<envelope-viewer>`: the Open button, and with `open-files`
 * Ctrl/Cmd+O, a file dropped anywhere on the page and JSON pasted outside a text field. Files
 * are read in the page (nothing is uploaded) by the core's import: a file over the offload
 * threshold in the offload worker (offload-import.ts), a smaller one on the page in slices of a
 * few milliseconds, so the page stays responsive while a progress bar fills. A file of many
 * conversations lists them, with a search and Compare.
 */
export class ViewerOpen implements ReactiveController {
  readonly files: OpenedFile[] = [];
  /** What the chat shows instead of a scenario, until a scenario is picked. */
  selected?: { file: OpenedFile; index: number };
  private query = '';
  /** Each conversation's warnings (its record's), found once; and its request, once asked. */
  private warningsOf = new WeakMap<ImportedConversation, ImportWarning[]>();
  private requests = new WeakMap<ImportedConversation, { request?: ImportedRequest }>();

  constructor(
    private readonly host: ViewerOpenHost,
    private readonly ambient: AmbientController,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    if (isServer) return;
    document.addEventListener('keydown', this.onKey);
    document.addEventListener('dragover', this.onDragOver);
    document.addEventListener('drop', this.onDrop);
    document.addEventListener('paste', this.onPaste);
  }

  hostDisconnected(): void {
    document.removeEventListener('keydown', this.onKey);
    document.removeEventListener('dragover', this.onDragOver);
    document.removeEventListener('drop', this.onDrop);
    document.removeEventListener('paste', this.onPaste);
    for (const file of this.files) file.load?.abort(new Error('the viewer was removed'));
  }

  /** The state the chat shows for the selected conversation, if one is selected. */
  state(): EnvelopeState | undefined {
    const selected = this.selected;
    if (!selected) return undefined;
    const { file, index } = selected;
    if (!file.result) return { status: 'loading', url: file.name };
    const conversation = file.conversations[index];
    if (conversation) return { status: 'ready', envelope: conversation.envelope, warnings: [] };
    return { status: 'error', errors: file.result.errors };
  }

  /** Reads a file the person chose. */
  async openFile(file: Blob, name = file instanceof File ? file.name : 'file'): Promise<void> {
    await this.openText(() => file.text(), name);
  }

  /**
   * Fetches a URL and reads it (`?src=` in the page address), within the host's `maxBytes` and
   * `idleTimeout`; any failure, a malformed address included, is an error entry of the file.
   */
  async openUrl(url: string): Promise<void> {
    let name = url;
    try {
      name = decodeURIComponent(new URL(url, document.baseURI).pathname.split('/').pop() || url);
    } catch {
      // Not a URL, or a malformed percent-encoding: the entry is named as written.
    }
    const { maxBytes, idleTimeout } = this.host;
    await this.openText(
      (signal) =>
        import('./read-url.js').then(
          ({ readUrl }) => readUrl(url, { maxBytes, idleTimeout, signal }),
          // A server that serves the bundle alone, not its on-demand files: read it whole.
          () => fetchText(url, signal),
        ),
      name,
    );
  }

  /** Reads JSON text (or what gives it): one document, a list, or JSON Lines. */
  async openText(
    text: string | ((signal: AbortSignal) => Promise<string>),
    name: string,
  ): Promise<void> {
    const load = new AbortController();
    const file: OpenedFile = { name, progress: 0, conversations: [], load };
    this.files.push(file);
    this.selected = { file, index: 0 };
    this.query = '';
    this.host.requestUpdate();
    try {
      const given = typeof text === 'string' ? text : await text(load.signal);
      load.signal.throwIfAborted();
      file.result = await this.read(given, file, load.signal);
      // Only a provider's request can be compared with its export.
      if (!['envelope', 'manifest', 'otlp', undefined].includes(file.result.source))
        file.requestOf = loggedRequests(given, file.result);
    } catch (error) {
      const message = `Could not read ${name}: ${(error as Error).message}`;
      file.result = {
        envelope: null,
        warnings: [],
        errors: [{ path: '', keyword: 'fetch', message }],
      };
    } finally {
      file.load = undefined;
    }
    const { envelopes, envelope, manifest, errors, source, warnings } = file.result;
    if (manifest && !envelope)
      errors.push({ path: '', keyword: 'manifest', message: this.ambient.t('open.manifestHint') });
    // One document: the conversation is the whole input, read as the result says.
    const read = source === undefined || source === 'mixed' ? 'envelope' : source;
    file.conversations =
      envelopes ?? (envelope ? [{ envelope, title: name, source: read, warnings, path: '' }] : []);
    file.progress = 1;
    this.host.requestUpdate();
  }

  /**
   * The import: in the offload worker for a large text (or on the page in slices where no
   * worker can start), else on the page in slices; rejects when the viewer is removed.
   */
  private async read(text: string, file: OpenedFile, signal: AbortSignal): Promise<ImportResult> {
    const onProgress = (share: number) => {
      file.progress = share;
      this.host.requestUpdate();
    };
    if (text.length > OFFLOAD_THRESHOLD)
      return offload({ type: 'import', text, readOnPage: importInSlices }, { signal, onProgress });
    const result = await importInSlices(text, { signal, onProgress });
    if (!result) throw signal.reason;
    return result;
  }

  /**
   * The request the selected conversation was read from, when it is a provider's request body
   * (the protocol panel compares its export with it), else undefined.
   */
  imported(): ImportedRequest | undefined {
    const file = this.selected?.file;
    const conversation = file?.conversations[this.selected!.index];
    if (!file || !conversation) return undefined;
    let known = this.requests.get(conversation);
    if (!known) {
      const request = file.requestOf?.(conversation);
      this.requests.set(conversation, (known = request ? { request } : {}));
    }
    return known.request;
  }

  /** A conversation's warnings: its record's, as the import gave (and the CLI prints) them. */
  private warnings(file: OpenedFile, conversation: ImportedConversation): ImportWarning[] {
    let found = this.warningsOf.get(conversation);
    if (!found) {
      found = file.result ? recordWarnings(file.result, conversation) : [];
      this.warningsOf.set(conversation, found);
    }
    return found;
  }

  /**
   * For a file that gave no conversation, in the chat's place: why, and the warnings on the
   * way, as `prompt-envelope import` prints them (a body whose only message has an unknown role
   * says so, not only that the list of messages is empty). Undefined for any other state.
   */
  renderFailure() {
    const file = this.selected?.file;
    if (!file?.result || file.conversations.length > 0) return undefined;
    const a = this.ambient;
    const { errors, warnings } = file.result;
    return html`<div part="error" class="error" role="alert">
      <p class="error-title">${a.t('error.title')}</p>
      <ul>
        ${errors.map((e) => html`<li>${renderIssueLine(e)}</li>`)}
      </ul>
      ${
        warnings.length > 0
          ? html`<p class="error-title failure-warnings">
                ${a.t('open.showWarnings', { n: warnings.length })}
              </p>
              <ul part="import-warnings">
                ${warnings.map((w) => html`<li>${renderIssueLine(w)}</li>`)}
              </ul>`
          : nothing
      }
    </div>`;
  }

  /** Back to the scenarios (the viewer's own envelope). */
  deselect(): void {
    this.selected = undefined;
  }

  private onKey = (event: KeyboardEvent) => {
    if (!this.host.openFiles || event.key.toLowerCase() !== 'o') return;
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    event.preventDefault();
    this.picker()?.click();
  };

  private onDragOver = (event: DragEvent) => {
    if (this.host.openFiles && event.dataTransfer?.types.includes('Files')) event.preventDefault();
  };

  private onDrop = (event: DragEvent) => {
    const files = event.dataTransfer?.files;
    if (!this.host.openFiles || !files || files.length === 0) return;
    event.preventDefault();
    for (const file of files) void this.openFile(file);
  };

  private onPaste = (event: ClipboardEvent) => {
    if (!this.host.openFiles || isTextField(event.composedPath()[0])) return;
    const text = event.clipboardData?.getData('text/plain') ?? '';
    const first = text.trimStart()[0];
    if (first !== '{' && first !== '[') return;
    event.preventDefault();
    void this.openText(text, this.ambient.t('open.pasted'));
  };

  private picker(): HTMLInputElement | null {
    return this.host.renderRoot.querySelector<HTMLInputElement>('.open-input');
  }

  private onPick = (event: Event) => {
    const input = event.target as HTMLInputElement;
    for (const file of input.files ?? []) void this.openFile(file);
    input.value = '';
  };

  private pick(file: OpenedFile, index: number) {
    this.selected = { file, index };
    this.host.requestUpdate();
  }

  /** The Open button, the files opened, and the list of the selected file's conversations. */
  render() {
    // A page that embeds the viewer gets no Open button unless it asks for one.
    if (!this.host.openFiles && this.files.length === 0) return nothing;
    const a = this.ambient;
    return html`<nav part="files" class="files" aria-label=${a.t('open.files')}>
      <button part="open" class="open" type="button" @click=${() => this.picker()?.click()}>
        ${a.t('open.button')}
      </button>
      <input
        class="open-input"
        type="file"
        multiple
        accept=".json,.jsonl,.ndjson,application/json,text/plain"
        hidden
        @change=${this.onPick}
      />
      <ul class="scenarios">
        ${this.files.map(
          (file) =>
            html`<li>
              <button
                part="file"
                class="scenario"
                type="button"
                aria-pressed=${this.selected?.file === file ? 'true' : 'false'}
                @click=${() => this.pick(file, 0)}
              >
                ${file.name}${
                  file.conversations.length > 1
                    ? html` <span class="count">${file.conversations.length}</span>`
                    : nothing
                }
              </button>
              ${
                // A file of one conversation (or none) is its own list entry.
                file.result && file.conversations.length <= 1
                  ? renderMarker(a, file.result.warnings.length, file.result.errors.length)
                  : nothing
              }
            </li>`,
        )}
      </ul>
      ${this.renderSelected()}
    </nav>`;
  }

  private renderSelected() {
    const file = this.selected?.file;
    if (!file) return nothing;
    const a = this.ambient;
    if (!file.result)
      // Indeterminate until the first share is known (one document is parsed whole first).
      return html`<label class="summary"
          >${a.t('open.reading', { name: file.name })}
          ${
            file.progress > 0
              ? html`<progress max="1" .value=${file.progress}></progress>`
              : html`<progress max="1"></progress>`
          }</label
        ><button
          part="cancel"
          type="button"
          @click=${() => file.load?.abort(new Error('you cancelled it.'))}
        >
          ${a.t('open.cancel')}
        </button>`;
    const { source, container, errors, warnings } = file.result;
    const format =
      source === 'envelope' || source === 'manifest' || source === 'mixed'
        ? a.t(`open.${source}`)
        : source && PRODUCT_NAMES[source];
    const readAs = [
      container === 'jsonl' ? 'JSON Lines' : container === 'array' ? 'JSON array' : '',
      format,
    ]
      .filter(Boolean)
      .join(' · ');
    return html`<div class="summary opened">
      <p role="status">
        ${readAs ? a.t('open.readAs', { format: readAs }) : nothing}
        ${a.t('open.count', { n: file.conversations.length })}
        ${
          errors.length > 0 && file.conversations.length > 0
            ? a.t('open.errors', { n: errors.length })
            : nothing
        }
      </p>
      ${
        warnings.length > 0 && file.conversations.length > 0
          ? html`<details part="file-warnings">
              <summary>${a.t('open.showWarnings', { n: warnings.length })}</summary>
              ${renderIssueList(a, warnings)}
            </details>`
          : nothing
      }
      ${
        errors.length > 0 && file.conversations.length > 0
          ? html`<details part="file-errors">
              <summary>${a.t('open.showErrors')}</summary>
              ${renderIssueList(a, errors)}
            </details>`
          : nothing
      }
      ${file.conversations.length > 1 ? this.renderList(file) : nothing}
    </div>`;
  }

  /** The conversations of a file, filtered by the search; each can be shown or compared. */
  private renderList(file: OpenedFile) {
    const a = this.ambient;
    const query = this.query.trim().toLowerCase();
    const texts = query ? (file.searchText ??= file.conversations.map(searchText)) : [];
    const matches: number[] = [];
    for (let i = 0; i < file.conversations.length && matches.length <= LISTED; i++)
      if (!query || texts[i]!.includes(query)) matches.push(i);
    return html`<input
        part="search"
        class="search"
        type="search"
        .value=${this.query}
        placeholder=${a.t('open.search')}
        aria-label=${a.t('open.search')}
        @input=${(event: Event) => {
          this.query = (event.target as HTMLInputElement).value;
          this.host.requestUpdate();
        }}
      />
      <ol part="conversations" class="conversations">
        ${matches.slice(0, LISTED).map((i) => {
          const conversation = file.conversations[i]!;
          const shown = this.selected?.file === file && this.selected.index === i;
          return html`<li>
            <button
              part="conversation"
              type="button"
              aria-current=${shown ? 'true' : 'false'}
              @click=${() => this.pick(file, i)}
            >
              ${conversation.title}
            </button>
            ${renderMarker(a, this.warnings(file, conversation).length, 0)}
            <button
              part="compare"
              type="button"
              ?disabled=${shown}
              @click=${() => {
                this.host.compareWith = conversation.envelope;
                this.host.view = 'compare';
              }}
            >
              ${a.t('open.compare')}
            </button>
          </li>`;
        })}
      </ol>
      ${matches.length > LISTED ? html`<p class="more">${a.t('open.more', { n: LISTED })}</p>` : nothing}
      ${matches.length === 0 ? html`<p class="more">${a.t('open.none')}</p>` : nothing}`;
  }
}

/** Issues listed in a file's summary; past these, how many more (the panel lists each conversation's). */
const ISSUES_LISTED = 50;

/** Warnings or errors as `prompt-envelope import` prints them: the first ISSUES_LISTED, and how many more. */
function renderIssueList(
  a: AmbientController,
  issues: readonly { path: string; message: string }[],
) {
  return html`<ul>
    ${issues.slice(0, ISSUES_LISTED).map((issue) => html`<li>${renderIssueLine(issue)}</li>`)}
    ${
      issues.length > ISSUES_LISTED
        ? html`<li>${a.t('open.moreIssues', { n: issues.length - ISSUES_LISTED })}</li>`
        : nothing
    }
  </ul>`;
}

/**
 * The marker of a list entry that the import warned about (or, for a file, could not read in
 * full): a warning sign and the count, named in words for screen readers.
 */
function renderMarker(a: AmbientController, warnings: number, errors: number) {
  if (warnings + errors === 0) return nothing;
  const words = [
    warnings > 0 ? a.t('open.warnings', { n: warnings }) : '',
    errors > 0 ? a.t('open.errorCount', { n: errors }) : '',
  ]
    .filter(Boolean)
    .join(', ');
  return html`<span
    part="import-marker"
    class="import-marker"
    role="img"
    aria-label=${words}
    title=${words}
    >⚠ ${warnings + errors}</span
  >`;
}

/** What a search looks in: the title and the first 4,000 characters of text. */
function searchText(conversation: ImportedConversation): string {
  // The Markdown drawing has loaded with the conversation shown (else Markdown is as written).
  const markdownText = loadedMarkdownText() ?? ((markdown: string) => markdown);
  let text = conversation.title;
  for (const message of conversation.envelope.messages) {
    for (const segment of message.segments) {
      // What a reader sees: Markdown without its syntax, references decoded (markdown-text.ts).
      if (segment.kind === 'text' || segment.kind === 'thinking')
        text += `\n${markdownText(segment.content)}`;
      else if ('content' in segment && typeof segment.content === 'string')
        text += `\n${segment.content}`;
      if (text.length > 4000) return text.slice(0, 4000).toLowerCase();
    }
  }
  return text.toLowerCase();
}

function isTextField(target: EventTarget | undefined): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}
