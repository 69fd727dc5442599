/**
 * Shared helpers of the stories: demo data lookups, the dark-background decorator and shadow-DOM
 * queries for play functions. Not a stories file (the glob only takes `*.stories.ts`).
 */
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { html as staticHtml, unsafeStatic } from 'lit/static-html.js';
import { expect, userEvent, within } from 'storybook/test';
import type { Envelope, Message, SegmentKind, SegmentOfKind } from '../src/core/protocol/types.js';
import { demoEnvelopes } from '../src/data/demos/index.js';
import type { StringKey } from '../src/elements/internal/strings/strings.js';
import { chinese as base } from '../src/elements/internal/strings/zh-CN/base.js';
import { chinese as chat } from '../src/elements/internal/strings/zh-CN/chat.js';
import { chinese as diff } from '../src/elements/internal/strings/zh-CN/diff.js';
import { chinese as meter } from '../src/elements/internal/strings/zh-CN/meter.js';
import { chinese as panel } from '../src/elements/internal/strings/zh-CN/panel.js';
import { chinese as studio } from '../src/elements/internal/strings/zh-CN/studio.js';
import { chinese as viewer } from '../src/elements/internal/strings/zh-CN/viewer.js';

/** Every Chinese string (no `One` forms: Chinese has none), for play functions that check an element's words. */
const zhCN: Partial<Record<StringKey, string>> = {
  ...base,
  ...chat,
  ...diff,
  ...meter,
  ...panel,
  ...studio,
  ...viewer,
};

export type Theme = 'light' | 'dark' | 'auto';

/** Args shared by the segment elements' stories (names as in custom-elements.json). */
export interface SegmentArgs<S> {
  segment?: S | string;
  theme?: Theme;
  /** Not an element attribute: the `lang` the element inherits (set on the element here). */
  lang?: string;
}

/** A demo envelope by scenario id; throws (failing the story) if the demo data changed. */
export function demo(id: string): Envelope {
  const envelope = (demoEnvelopes as Readonly<Record<string, Envelope | undefined>>)[id];
  if (!envelope) throw new Error(`No demo envelope '${id}'.`);
  return envelope;
}

/** The `nth` message (0-based) of a demo envelope with the given role, or any role. */
export function demoMessage(id: string, predicate: (m: Message) => boolean, nth = 0): Message {
  const found = demo(id).messages.filter(predicate)[nth];
  if (!found) throw new Error(`Demo '${id}' has no such message (#${nth}).`);
  return found;
}

/** The `nth` segment (0-based) of a kind in a demo envelope, optionally filtered. */
export function demoSegment<K extends SegmentKind>(
  id: string,
  kind: K,
  nth = 0,
  filter: (s: SegmentOfKind<K>) => boolean = () => true,
): SegmentOfKind<K> {
  const all = demo(id)
    .messages.flatMap((m) => m.segments)
    .filter((s): s is SegmentOfKind<K> => s.kind === kind)
    .filter(filter);
  const found = all[nth];
  if (!found) throw new Error(`Demo '${id}' has no ${kind} segment #${nth}.`);
  return found;
}

/** Shows the story on a dark page, as a dark-themed site would. */
export const darkBackground = (story: () => unknown): TemplateResult =>
  html`<div style="background:#0b1220;color:#e5e7eb;padding:1rem;border-radius:8px">
    ${story()}
  </div>`;

/** Gives the viewer-sized stories a height to fill. */
export const fixedHeight =
  (height = '760px') =>
  (story: () => unknown): TemplateResult =>
    html`<div style="height:${height}">${story()}</div>`;

/**
 * The shadow root of the first `tag` in the story, after its first render, wrapped with the
 * Testing Library queries (`getByRole`, …), which do not cross shadow boundaries by themselves.
 */
export async function shadowOf(
  canvasElement: HTMLElement,
  tag: string,
  root: ParentNode = canvasElement,
) {
  const element = root.querySelector(tag) as
    (HTMLElement & { updateComplete?: Promise<unknown> }) | null;
  if (!element) throw new Error(`<${tag}> is not in the story.`);
  await customElements.whenDefined(tag);
  await element.updateComplete;
  if (!element.shadowRoot) throw new Error(`<${tag}> has no shadow root.`);
  return {
    element,
    shadow: element.shadowRoot,
    ...within(element.shadowRoot as unknown as HTMLElement),
  };
}

/** Waits until `element` (a Lit element) has rendered its pending update. */
export async function settled(element: Element): Promise<void> {
  await (element as Element & { updateComplete?: Promise<unknown> }).updateComplete;
}

type PlayContext = { canvasElement: HTMLElement };

/** Play: the panel starts collapsed and a click on its header expands it. */
export const playExpandOnClick =
  (tag: string, part = 'header') =>
  async ({ canvasElement }: PlayContext) => {
    const { shadow } = await shadowOf(canvasElement, tag);
    await clickToExpand(shadow, part);
  };

/**
 * Play: as {@link playExpandOnClick}, for a panel nested in other elements' shadow roots
 * (`tags` from the outermost element to the panel's).
 */
export const playExpandNestedOnClick =
  (tags: string[], part = 'header', within?: string) =>
  async ({ canvasElement }: PlayContext) => {
    let root: ParentNode = canvasElement;
    for (const tag of tags) root = (await shadowOf(canvasElement, tag, root)).shadow;
    // A message draws its segments in its own shadow root, each in a wrapper (`within`).
    if (within) root = root.querySelector(within)!;
    await clickToExpand(root, part);
  };

/** Play: the panel is expanded and its body is shown. */
export const playExpanded =
  (tag: string, part = 'header') =>
  async ({ canvasElement }: PlayContext) => {
    const { shadow } = await shadowOf(canvasElement, tag);
    await expect(shadow.querySelector(`[part="${part}"]`)).toHaveAttribute('aria-expanded', 'true');
  };

/** Play: the error panel is shown and names `text` (a path or a message). */
export const playErrorPanel =
  (tag: string, text: string) =>
  async ({ canvasElement }: PlayContext) => {
    const { getByRole } = await shadowOf(canvasElement, tag);
    await expect(getByRole('alert')).toHaveTextContent(text);
  };

/** Play: the element's own words are Chinese (`part` holds the string `key` of zh-CN). */
export const playChinese =
  (tag: string, part: string, key: StringKey) =>
  async ({ canvasElement }: PlayContext) => {
    const { shadow } = await shadowOf(canvasElement, tag);
    await expect(shadow.querySelector(`[part="${part}"]`)).toHaveTextContent(zhCN[key]!);
  };

/** A short Chinese conversation for the `lang="zh-CN"` stories of the envelope elements. */
export const chineseEnvelope: Envelope = {
  version: '1.0',
  model: 'gpt-4.1',
  messages: [
    {
      id: 'zh-1',
      role: 'system',
      timestamp: 1780855440000,
      segments: [
        {
          kind: 'static_var',
          name: 'user_name',
          value: '陈玛雅',
          description: '来自用户资料的显示名称。',
        },
        { kind: 'static_var', name: 'language', value: '简体中文' },
        {
          kind: 'system_prompt',
          content:
            '你是 Studio，面向设计专业学生的研究与写作助手。你正在和 {{user_name}} 对话，请用{{language}}回答，简洁并多用表格。',
          collapsed: true,
        },
        {
          kind: 'memory',
          description: '助手从以往对话中记住的信息。',
          items: [
            {
              title: '课程项目',
              content:
                'HCI 课程项目「Context Lens」：展示 AI 助手每次回答用到了哪些文档、记忆和工具。',
            },
            { title: '截止日期', content: '可用性测试报告 6 月 16 日截止。' },
          ],
          collapsed: true,
        },
      ],
    },
    {
      id: 'zh-2',
      role: 'user',
      timestamp: 1780855477214,
      segments: [
        { kind: 'text', content: '我要给六位同学做出声思考的可用性测试，每场应该怎么安排时间？' },
      ],
    },
    {
      id: 'zh-3',
      role: 'assistant',
      timestamp: 1780855492908,
      segments: [
        {
          kind: 'text',
          content:
            '建议每场 40 分钟：\n\n| 环节 | 时长 |\n|---|---|\n| 介绍与热身 | 5 分钟 |\n| 三个核心任务 | 25 分钟 |\n| SUS 问卷 | 5 分钟 |\n| 访谈收尾 | 5 分钟 |\n\n先找一位同学做预测试，确认任务描述清楚。',
        },
      ],
    },
  ],
};

/** An envelope with an error the validator reports with its path (`/messages/0/role`). */
export const invalidEnvelope =
  '{"version":"1.0","messages":[{"id":"m1","role":"robot","timestamp":0,"segments":[]}]}';

/** The `lang` control every story file offers. */
export const langArgTypes = {
  lang: { control: 'inline-radio', options: ['en', 'zh-CN'] },
} as const;

/** Renders `<tag .segment theme lang>`, the markup of every segment element's stories. */
export const renderSegment =
  (tag: string) =>
  <S>(args: SegmentArgs<S>): TemplateResult => {
    const name = unsafeStatic(tag);
    return staticHtml`<${name}
      .segment=${args.segment}
      theme=${ifDefined(args.theme)}
      lang=${ifDefined(args.lang)}
    ></${name}>`;
  };

/** Play: a click on the `[part]` toggle expands it (`aria-expanded` false, then true). */
export const clickToExpand = async (shadow: ParentNode, part: string): Promise<void> => {
  const toggle = shadow.querySelector<HTMLElement>(`[part="${part}"]`);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(toggle!);
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
};

/**
 * A story of the element on a dark page, with `args` (theme `dark` added); opened alone, the
 * toolbar's theme is dark too, so the canvas around it is.
 */
export const darkStory = <A extends object>(args: A = {} as A) => ({
  args: { theme: 'dark' as const, ...args },
  globals: { theme: 'dark' },
  decorators: [darkBackground],
});

/**
 * The common pieces of a segment element's stories, built from its tag and its default
 * `segment`: `meta` (without the title, which Storybook reads from the file), the
 * Collapsed / Expanded stories (toggled by `[part]`), and builders for the Invalid input,
 * Dark and Chinese stories.
 */
export function segmentStories<S extends object>(tag: string, segment: S, part = 'header') {
  type Story = StoryObj<SegmentArgs<S>>;
  return {
    meta: {
      component: tag,
      args: { segment },
      argTypes: langArgTypes,
      render: renderSegment(tag),
    } satisfies Meta<SegmentArgs<S>>,
    Collapsed: {
      args: { segment: { ...segment, collapsed: true } },
      play: playExpandOnClick(tag, part),
    } satisfies Story,
    Expanded: {
      args: { segment: { ...segment, collapsed: false } },
      play: playExpanded(tag, part),
    } satisfies Story,
    /** Invalid input (JSON text) shows the error panel naming `text`. */
    invalid: (json: string, text: string): Story => ({
      args: { segment: json },
      play: playErrorPanel(tag, text),
    }),
    /** Dark, by default with the segment expanded. */
    dark: (args: SegmentArgs<S> = { segment: { ...segment, collapsed: false } }): Story =>
      darkStory(args),
    /** Chinese: `zh` in `lang="zh-CN"`; with a `key`, its `[part]` shows that zh-CN string. */
    chinese: (zh: S, key?: StringKey, labelPart = 'label'): Story => ({
      args: { lang: 'zh-CN', segment: zh },
      ...(key && { play: playChinese(tag, labelPart, key) }),
    }),
  };
}
