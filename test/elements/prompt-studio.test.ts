import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/elements/prompt-studio/prompt-studio.js';
import type { PromptStudio } from '../../src/elements/prompt-studio/prompt-studio.js';
import type { ProtocolPanel } from '../../src/elements/protocol-panel/protocol-panel.js';
import type { PromptComponent } from '../../src/core/assembly/compose.js';
import type { Envelope } from '../../src/core/protocol/types.js';
import type { EnvelopeErrorEvent, StudioChangeEvent } from '../../src/events.js';
import { HOSTILE, expectInert, loadDemo, settle } from './helpers.js';

const $ = <T extends Element = HTMLElement>(el: Element, selector: string) =>
  el.shadowRoot!.querySelector<T & Element>(selector);
const $$ = <T extends Element = HTMLElement>(el: Element, selector: string) => [
  ...el.shadowRoot!.querySelectorAll<T & Element>(selector),
];

/** The supplement rows, and a field of one of them by its name (`id`, `role`, `template` …). */
const rows = (el: PromptStudio) => $$(el, '[part~="supplement"]');
function field<T extends HTMLElement = HTMLInputElement>(row: Element, name: string): T {
  const found = row.querySelector<T>(`[id$="-${name}"]`);
  if (!found) throw new Error(`No ${name} field in the row`);
  return found;
}
const systemText = (el: PromptStudio) => $(el, '[part~="system"]')?.textContent ?? '';

async function type(
  el: PromptStudio,
  input: HTMLInputElement | HTMLTextAreaElement,
  value: string,
) {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await el.updateComplete;
}

async function choose(el: PromptStudio, select: HTMLSelectElement, value: string) {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
  await el.updateComplete;
}

const supplement = (over: Partial<PromptComponent> = {}): PromptComponent => ({
  id: 'supplement:tone',
  kind: 'supplement',
  role: 'system',
  order: 15,
  enabled: true,
  template: 'Answer in a warm, plain tone.',
  ...over,
});

let demoA: Envelope;
before(async () => {
  demoA = await loadDemo('a');
});

async function studio(components: unknown = [], extra: { storageKey?: string } = {}) {
  const el = await fixture<PromptStudio>(
    html`<prompt-studio
      .envelope=${demoA}
      .components=${components}
      storage-key=${extra.storageKey ?? ''}
    ></prompt-studio>`,
  );
  await settle(el);
  return el;
}

describe('<prompt-studio>', () => {
  const warnings: string[] = [];
  const errors: string[] = [];
  const { warn, error } = console;
  before(() => {
    console.warn = (...args: unknown[]) => {
      warnings.push(args.map(String).join(' '));
      warn.apply(console, args);
    };
    console.error = (...args: unknown[]) => {
      errors.push(args.map(String).join(' '));
      error.apply(console, args);
    };
  });
  after(() => {
    console.warn = warn;
    console.error = error;
    expect(warnings.filter((w) => /lit\.dev\/msg/.test(w) && !/dev-mode/.test(w))).to.deep.equal(
      [],
    );
    expect(errors, 'console errors').to.deep.equal([]);
  });

  it('lists the native components read-only, with their role, order and template', async () => {
    const el = await studio();
    const natives = $$(el, '[part~="native"]');
    expect(natives.map((n) => n.dataset.id)).to.deep.equal([
      'native:system_prompt:0',
      'native:memory:0',
      'native:skills:0',
    ]);
    expect(natives[1]!.querySelector('h3')!.textContent).to.equal('Memory of message a-1');
    expect(natives[1]!.textContent).to.include('Order: 10');
    expect(natives[1]!.querySelector('pre')!.textContent).to.include('Context Lens');
    // Read-only: nothing to type into.
    expect(natives[0]!.querySelector('input, textarea, select')).to.equal(null);
    // A long template starts clamped and expands.
    const toggle = natives[0]!.querySelector<HTMLButtonElement>('button[aria-expanded]')!;
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    expect(natives[0]!.querySelector('pre')!.classList.contains('clamped')).to.equal(true);
    toggle.click();
    await el.updateComplete;
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    expect(natives[0]!.querySelector('pre')!.classList.contains('clamped')).to.equal(false);
  });

  it('adds a system supplement and shows it in the preview between native sections by order', async () => {
    const el = await studio();
    $<HTMLButtonElement>(el, '#add')!.click();
    await el.updateComplete;
    expect(rows(el)).to.have.length(1);
    const row = rows(el)[0]!;
    expect(el.shadowRoot!.activeElement, 'focus on the new id').to.equal(field(row, 'id'));
    await type(el, field(row, 'id'), 'supplement:tone');
    await type(el, field(row, 'order'), '15');
    await type(el, field<HTMLTextAreaElement>(row, 'template'), 'Answer in a warm, plain tone.');
    const text = systemText(el);
    const memory = text.indexOf('What Studio remembers');
    const added = text.indexOf('Answer in a warm, plain tone.');
    const skills = text.indexOf('Skills are built-in workflows');
    expect(memory, 'memory (order 10)').to.be.greaterThan(0);
    expect(added, 'the supplement after memory').to.be.greaterThan(memory);
    expect(skills, 'skills (order 20) after the supplement').to.be.greaterThan(added);
    // Plain text, no labels around it.
    expect(text).to.include('\n\nAnswer in a warm, plain tone.\n\nSkills are built-in');
    expect(text).to.not.include('supplement:tone');
    // Order −10 puts it first.
    await type(el, field(row, 'order'), '-10');
    expect(systemText(el).startsWith('Answer in a warm, plain tone.\n\nYou are Studio')).to.equal(
      true,
    );
    expect($(el, '#unsaved'), 'marked unsaved').to.exist;
  });

  it('shows a user supplement as its own message in its gap, marked outside the model text', async () => {
    const el = await studio([
      supplement({
        id: 'remind',
        role: 'user',
        position: 'tail',
        order: 0,
        template: 'Recap: {{user_input}}',
      }),
    ]);
    const messages = $$(el, '[part~="message"]');
    const last = messages.at(-1)!;
    expect(last.dataset.gap).to.equal('tail');
    const content = last.querySelector('pre')!.textContent!;
    expect(content.startsWith('Recap: Ok, convinced.')).to.equal(true);
    expect(content).to.not.include('remind');
    expect(last.querySelector('.message-head')!.textContent).to.include('remind');
    expect(messages.filter((m) => m.dataset.gap)).to.have.length(1);
  });

  it('creates an override from a native row and focuses its template', async () => {
    const el = await studio();
    const native = $(el, '[part~="native"][data-id="native:system_prompt:0"]')!;
    const create = [...native.querySelectorAll('button')].find((b) =>
      /Create override/.test(b.textContent!),
    )!;
    create.click();
    await el.updateComplete;
    const row = rows(el)[0]!;
    expect(field(row, 'id').value).to.equal('override:native:system_prompt:0');
    expect(field<HTMLSelectElement>(row, 'role').value).to.equal('system');
    expect(field<HTMLSelectElement>(row, 'origin').value).to.equal('native:system_prompt:0');
    expect(field(row, 'order').value).to.equal('0');
    expect(field(row, 'enabled').checked).to.equal(true);
    const template = field<HTMLTextAreaElement>(row, 'template');
    expect(template.value).to.equal(native.querySelector('pre')!.textContent!.replace(/^\n/, ''));
    expect(el.shadowRoot!.activeElement).to.equal(template);
    expect(native.querySelector('.override-note')!.textContent).to.equal(
      'Replaced by override:native:system_prompt:0',
    );
    await type(el, template, 'You are Studio. Be brief.');
    expect(
      systemText(el).startsWith('You are Studio. Be brief.\n\nWhat Studio remembers'),
    ).to.equal(true);
    // A second override gets a unique id.
    create.click();
    await el.updateComplete;
    expect(field(rows(el)[1]!, 'id').value).to.equal('override:native:system_prompt:0:2');
  });

  it('disabling an override removes the native part from the preview', async () => {
    const el = await studio();
    const native = $(el, '[part~="native"][data-id="native:memory:0"]')!;
    expect(systemText(el)).to.include('What Studio remembers');
    [...native.querySelectorAll('button')]
      .find((b) => /Create override/.test(b.textContent!))!
      .click();
    await el.updateComplete;
    const enabled = field(rows(el)[0]!, 'enabled');
    enabled.click();
    await el.updateComplete;
    expect(enabled.checked).to.equal(false);
    expect(systemText(el)).to.not.include('What Studio remembers');
    expect(systemText(el)).to.include('You are Studio');
    expect(systemText(el)).to.include('Skills are built-in workflows');
    expect(native.querySelector('.override-note')!.textContent).to.equal(
      'Removed by override:native:memory:0 (the override is disabled)',
    );
  });

  it('shows the position selector only for user and assistant supplements', async () => {
    const el = await studio();
    $<HTMLButtonElement>(el, '#add')!.click();
    await el.updateComplete;
    const row = () => rows(el)[0]!;
    expect(row().querySelector('select[id$="-position"]'), 'system: none').to.equal(null);
    await choose(el, field<HTMLSelectElement>(row(), 'role'), 'user');
    const position = row().querySelector<HTMLSelectElement>('select[id$="-position"]')!;
    expect(position, 'user: shown').to.exist;
    expect(position.value).to.equal('tail');
    expect(el.draftComponents[0]!.position).to.equal('tail');
    expect(row().querySelector('.position-help')!.textContent).to.match(
      /Anchored:.*last real user/s,
    );
    await choose(el, position, 'anchored');
    await choose(el, field<HTMLSelectElement>(row(), 'role'), 'assistant');
    expect(row().querySelector<HTMLSelectElement>('select[id$="-position"]')!.value).to.equal(
      'anchored',
    );
    await choose(el, field<HTMLSelectElement>(row(), 'role'), 'system');
    expect(row().querySelector('select[id$="-position"]'), 'system again: none').to.equal(null);
    expect('position' in el.draftComponents[0]!, 'position dropped').to.equal(false);
  });

  it('shows a duplicate id next to the id field, linked and marked invalid', async () => {
    const el = await studio([supplement(), supplement({ order: 30 })]);
    const second = rows(el)[1]!;
    const id = field(second, 'id');
    const issue = second.querySelector<HTMLElement>('[part~="issue"][data-code="id-duplicate"]')!;
    expect(issue, 'message in the row').to.exist;
    expect(issue.closest('.field')).to.equal(id.closest('.field'));
    expect(issue.classList.contains('error')).to.equal(true);
    expect(id.getAttribute('aria-invalid')).to.equal('true');
    expect(id.getAttribute('aria-describedby')!.split(' ')).to.include(issue.id);
    expect(field(rows(el)[0]!, 'id').getAttribute('aria-invalid')).to.equal('false');
    await type(el, id, 'supplement:other');
    expect(second.querySelector('[part~="issue"]')).to.equal(null);
    expect(id.getAttribute('aria-invalid')).to.equal('false');
  });

  it('shows a position on a system component next to the position, and drops it on request', async () => {
    const el = await studio([supplement({ position: 'tail' })]);
    const row = rows(el)[0]!;
    const issue = row.querySelector<HTMLElement>('[data-code="position-on-system"]')!;
    expect(issue).to.exist;
    const button = row.querySelector<HTMLButtonElement>('button[id$="-position"]')!;
    expect(issue.closest('.field')).to.equal(button.closest('.field'));
    expect(button.getAttribute('aria-describedby')).to.include(issue.id);
    button.click();
    await el.updateComplete;
    expect(row.querySelector('[data-code="position-on-system"]')).to.equal(null);
    expect('position' in el.draftComponents[0]!).to.equal(false);
  });

  it('styles a warning (an unknown origin) apart from errors and still saves', async () => {
    const el = await studio([supplement({ origin: 'native:nothing:9' })]);
    const row = rows(el)[0]!;
    const issue = row.querySelector<HTMLElement>('[data-code="origin-unknown"]')!;
    expect(issue.classList.contains('warning')).to.equal(true);
    expect(field<HTMLSelectElement>(row, 'origin').value).to.equal('native:nothing:9');
    expect(field<HTMLSelectElement>(row, 'origin').getAttribute('aria-invalid')).to.equal('false');
    expect(issue.classList.contains('error')).to.equal(false);
    expect(el.save()).to.equal(true);
  });

  it('save fires exactly one studio-change with a copy of the components', async () => {
    const el = await studio();
    const events: StudioChangeEvent[] = [];
    const container = el.parentElement!;
    container.addEventListener('studio-change', (e) => events.push(e));
    $<HTMLButtonElement>(el, '#add')!.click();
    await el.updateComplete;
    await type(el, field<HTMLTextAreaElement>(rows(el)[0]!, 'template'), 'Be kind.');
    expect($(el, '#unsaved')).to.exist;
    $<HTMLButtonElement>(el, '#save')!.click();
    await el.updateComplete;
    await new Promise((r) => setTimeout(r));
    expect(events).to.have.length(1);
    expect(events[0]!.bubbles && events[0]!.composed).to.equal(true);
    const expected = [
      {
        id: 'supplement:1',
        kind: 'supplement',
        role: 'system',
        order: 0,
        enabled: true,
        template: 'Be kind.',
      },
    ];
    expect(events[0]!.detail.components).to.deep.equal(expected);
    expect(el.components).to.deep.equal(expected);
    expect(events[0]!.detail.components).to.not.equal(el.components);
    expect($(el, '#unsaved'), 'no longer unsaved').to.equal(null);
    expect($(el, '#save-status')!.textContent).to.equal('Saved.');
  });

  it('refuses to save while there are errors, and says so', async () => {
    const el = await studio([supplement(), supplement()]);
    let fired = 0;
    el.addEventListener('studio-change', () => fired++);
    $<HTMLButtonElement>(el, '#save')!.click();
    await el.updateComplete;
    expect(fired).to.equal(0);
    const status = $(el, '#save-status')!;
    expect(status.getAttribute('role')).to.equal('alert');
    expect(status.textContent).to.equal('Not saved: fix the error first.');
  });

  it('restores saved supplements from storage-key after the element is re-created', async () => {
    const key = `prompt-studio-test-${Math.random()}`;
    try {
      const first = await studio([], { storageKey: key });
      $<HTMLButtonElement>(first, '#add')!.click();
      await first.updateComplete;
      await type(first, field(rows(first)[0]!, 'id'), 'kept');
      await choose(first, field<HTMLSelectElement>(rows(first)[0]!, 'role'), 'user');
      first.save();
      const parent = first.parentElement!;
      first.remove();
      expect(JSON.parse(localStorage.getItem(key)!)[0].id).to.equal('kept');

      const second = document.createElement('prompt-studio');
      second.envelope = demoA;
      second.storageKey = key;
      parent.append(second);
      await settle(second);
      expect(rows(second).map((r) => field(r, 'id').value)).to.deep.equal(['kept']);
      expect(field<HTMLSelectElement>(rows(second)[0]!, 'position').value).to.equal('tail');
      expect($(second, '#unsaved'), 'loaded = saved').to.equal(null);
      second.remove();
    } finally {
      localStorage.removeItem(key);
    }
  });

  it('reports a corrupt stored entry and leaves it until a save', async () => {
    const key = `prompt-studio-test-${Math.random()}`;
    localStorage.setItem(key, '[{"id": "half');
    try {
      const el = await studio([], { storageKey: key });
      const alert = el.shadowRoot!.querySelector('.notice[role="alert"]')!;
      expect(alert.textContent).to.include(key);
      expect(alert.querySelector('pre')!.textContent).to.equal('[{"id": "half');
      expect(localStorage.getItem(key)).to.equal('[{"id": "half');
      el.save();
      await el.updateComplete;
      expect(localStorage.getItem(key)).to.equal('[]');
      expect(el.shadowRoot!.querySelector('.notice[role="alert"]')).to.equal(null);
    } finally {
      localStorage.removeItem(key);
    }
  });

  it('exports YAML settings and imports them back (round trip)', async () => {
    const list = [
      supplement({ template: 'Line one.\nLine two: {{user_input}}' }),
      supplement({ id: 'tail-note', role: 'user', position: 'tail', order: 5, enabled: false }),
      supplement({ id: 'o', origin: 'native:memory:0', template: '' }),
    ];
    const el = await studio(list);
    const yaml = await el.exportYaml();
    expect(yaml.startsWith('prompt-studio:\n  components:\n    - id: supplement:tone\n')).to.equal(
      true,
    );
    el.components = [];
    await el.updateComplete;
    expect(rows(el)).to.have.length(0);
    $<HTMLElement>(el, 'details summary')!.click();
    await el.updateComplete;
    await type(el, $<HTMLTextAreaElement>(el, '#yaml-text')!, yaml);
    $<HTMLButtonElement>(el, '#yaml-import')!.click();
    await el.updateComplete;
    expect(el.draftComponents).to.deep.equal(list);
    expect(rows(el)).to.have.length(3);
    expect($(el, '#unsaved'), 'imported, not saved yet').to.exist;
  });

  it('shows a YAML syntax error with its line and column, and replaces nothing', async () => {
    const el = await studio([supplement()]);
    await type(el, $<HTMLTextAreaElement>(el, '#yaml-text')!, 'prompt-studio:\n  components: [\n');
    $<HTMLButtonElement>(el, '#yaml-import')!.click();
    await el.updateComplete;
    const problem = $(el, '#import-problem')!;
    expect(problem.getAttribute('role')).to.equal('alert');
    expect(problem.textContent).to.include('The YAML cannot be read');
    expect(problem.querySelector('pre')!.textContent).to.match(/\(3:1\)/);
    expect(el.draftComponents).to.deep.equal([supplement()]);
  });

  it('refuses to import invalid components and names them', async () => {
    const el = await studio([supplement()]);
    const yaml =
      'prompt-studio:\n  components:\n    - { id: a, kind: supplement, role: system, position: tail, order: 1, enabled: true, template: x }\n';
    expect(await el.importYaml(yaml)).to.equal(false);
    await el.updateComplete;
    expect($(el, '#import-problem')!.textContent).to.match(/Component 0\s+position/);
    expect(el.draftComponents).to.deep.equal([supplement()]);
  });

  it('moves and removes supplements; declaration order decides ties inside a gap', async () => {
    const a = supplement({ id: 'a', role: 'user', position: 'tail', order: 0, template: 'AAA' });
    const b = supplement({ id: 'b', role: 'user', position: 'tail', order: 0, template: 'BBB' });
    const el = await studio([a, b]);
    const last = () => $$(el, '[part~="message"]').at(-1)!.querySelector('pre')!.textContent!;
    expect(last().indexOf('AAA')).to.be.lessThan(last().indexOf('BBB'));
    const up = rows(el)[1]!.querySelector<HTMLButtonElement>('button[id$="-up"]')!;
    up.click();
    await el.updateComplete;
    expect(el.draftComponents.map((c) => c.id)).to.deep.equal(['b', 'a']);
    expect(last().indexOf('BBB')).to.be.lessThan(last().indexOf('AAA'));
    rows(el)[0]!.querySelector<HTMLButtonElement>('button[id$="-remove"]')!.click();
    await el.updateComplete;
    expect(el.draftComponents.map((c) => c.id)).to.deep.equal(['a']);
    expect(el.shadowRoot!.activeElement).to.equal(field(rows(el)[0]!, 'id'));
  });

  it('shows the composed request body in the embedded protocol panel', async () => {
    const el = await studio([supplement({ template: 'Answer in a warm, plain tone.' })]);
    $<HTMLButtonElement>(el, '#preview-request')!.click();
    await settle(el);
    const panel = $<ProtocolPanel>(el, 'protocol-panel')!;
    const body = JSON.parse(panel.shownText) as { messages: { role: string; content: string }[] };
    expect(body.messages[0]!.role).to.equal('system');
    expect(body.messages[0]!.content).to.include('\n\nAnswer in a warm, plain tone.\n\nSkills');
  });

  it('shows an error panel for an invalid envelope and fires one envelope-error', async () => {
    const events: EnvelopeErrorEvent[] = [];
    const container = await fixture<HTMLElement>(
      html`<div @envelope-error=${(e: EnvelopeErrorEvent) => events.push(e)}>
        <prompt-studio envelope='{"version":"1.0","messages":[]}'></prompt-studio>
      </div>`,
    );
    const el = container.querySelector('prompt-studio')!;
    await settle(container);
    expect($(el, '[part~="error"]')!.getAttribute('role')).to.equal('alert');
    expect(events).to.have.length(1);
  });

  it('renders hostile strings as text', async () => {
    const el = await studio([
      supplement({ id: HOSTILE, template: HOSTILE }),
      supplement({ id: 'u', role: 'user', position: 'anchored', template: HOSTILE }),
    ]);
    expect(systemText(el)).to.include(HOSTILE);
    await expectInert(el);
  });

  it('never throws on a components value that is not a list, or holds junk', async () => {
    const el = await studio('nope');
    expect(el.shadowRoot!.querySelector('.notice')!.textContent).to.include('not a list');
    el.components = [null, 7, { id: 3 }] as unknown as PromptComponent[];
    await el.updateComplete;
    expect(rows(el)).to.have.length(3);
    expect($$(el, '[part~="issue"].error').length).to.be.greaterThan(3);
  });

  it('is accessible (axe) in light and dark themes', async () => {
    for (const theme of ['light', 'dark']) {
      const el = await fixture<PromptStudio>(
        html`<prompt-studio
          theme=${theme}
          .envelope=${demoA}
          .components=${[
            supplement({ origin: 'native:memory:0', enabled: false }),
            supplement({ id: 'u', role: 'user', position: 'anchored', order: 1 }),
            supplement({ id: 'u', role: 'system', position: 'tail' }),
          ]}
        ></prompt-studio>`,
      );
      await settle(el);
      el.shadowRoot!.querySelector('details')!.open = true;
      await expect(el).to.be.accessible();
      $<HTMLButtonElement>(el, '#preview-request')!.click();
      await settle(el);
      await expect(el).to.be.accessible();
    }
  });

  it('speaks Chinese with lang="zh-CN"', async () => {
    const el = await fixture<PromptStudio>(
      html`<prompt-studio lang="zh-CN" .envelope=${demoA}></prompt-studio>`,
    );
    await settle(el);
    expect($(el, '#add')!.textContent).to.include('新增补充');
    expect($(el, '#save')!.textContent).to.include('保存更改');
    expect($(el, '#preview-title')!.textContent).to.equal('完整预览');
  });

  it('adds a supplement and saves it with the keyboard only', async () => {
    const el = await studio();
    const saved = oneEvent(el, 'studio-change');
    const active = () => el.shadowRoot!.activeElement;
    const start = document.createElement('button');
    start.textContent = 'before';
    el.before(start);
    start.focus();
    // Tab into the studio until the Add button has the focus.
    for (let i = 0; i < 40 && active()?.id !== 'add'; i++) await sendKeys({ press: 'Tab' });
    expect(active()?.id).to.equal('add');
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(active()?.id).to.match(/-id$/);
    await sendKeys({ press: 'Control+a' });
    await sendKeys({ type: 'keyboard-made' });
    for (let i = 0; i < 20 && !active()?.id.endsWith('-template'); i++)
      await sendKeys({ press: 'Tab' });
    expect(active()?.id).to.match(/-template$/);
    await sendKeys({ type: 'Typed with keys.' });
    for (let i = 0; i < 40 && active()?.id !== 'save'; i++) await sendKeys({ press: 'Shift+Tab' });
    expect(active()?.id).to.equal('save');
    await sendKeys({ press: 'Enter' });
    const event = await saved;
    expect(event.detail.components).to.deep.equal([
      {
        id: 'keyboard-made',
        kind: 'supplement',
        role: 'system',
        order: 0,
        enabled: true,
        template: 'Typed with keys.',
      },
    ]);
    start.remove();
  });
});
