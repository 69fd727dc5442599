import type { Translation } from '../translation.js';
import type { diffStrings as english } from '../en/diff.js';

/** The Simplified Chinese words of <envelope-diff>. */
export const chinese: Translation<typeof english> = {
  // <envelope-diff>
  'diff.label': '对比',
  'diff.envelopes': '信封',
  'diff.bodies': '提供方请求体',
  'diff.before': '之前',
  'diff.after': '之后',
  'diff.summary': '{changed} 条消息有改动，新增 {added} 条，删除 {removed} 条',
  'diff.summaryOne': '1 条消息有改动，新增 {added} 条，删除 {removed} 条',
  'diff.identical': '两个信封完全相同。',
  'diff.beforeError': '无法显示“之前”的信封',
  'diff.afterError': '无法显示“之后”的信封',
  'diff.empty': '请提供要对比的两个信封：之前和之后。',
  'diff.unchangedRun': '{n} 条未改动的消息',
  'diff.unchangedSegments': '{n} 个未改动的段落',
  'diff.added': '新增',
  'diff.removed': '删除',
  'diff.changed': '改动',
  'diff.moved': '从第 {from} 条移到第 {to} 条',
  'diff.notBefore': '之前的信封中没有',
  'diff.notAfter': '之后的信封中没有',
  'diff.envelopeFields': '信封字段',
  'diff.changes': '改动的字段',
  'diff.absent': '（无）',
  'diff.target': '格式',
  'diff.unchangedLines': '{n} 行未改动',
  'diff.sameBody': '两个请求体相同。',
  'diff.tooDifferent': '两个请求体差异太大，无法逐行对比。',
};
