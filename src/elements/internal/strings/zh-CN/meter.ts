import type { Translation } from '../translation.js';
import type { meterStrings as english } from '../en/meter.js';

/** The Simplified Chinese words of <context-meter>. */
export const chinese: Translation<typeof english> = {
  'meter.label': '上下文大小',
  'meter.caption': '{target} 请求中按类别统计的 token（{tokenizer}）',
  'meter.estimate': '估算',
  'meter.kind': '类别',
  'meter.tokens': 'Token',
  'meter.characters': '字符',
  'meter.share': '占比',
  'meter.total': '合计',
  'meter.totalTokens': '{n} 个 token',
  'meter.history': '对话历史',
  'meter.toolTraffic': '工具调用与结果',
  'meter.documents': '文档',
  'meter.overhead': '连接与标头',
  'meter.ofLimit': '占 {limit} token 上限的 {p}',
  'meter.overLimit': '超出 {limit} token 上限 {n} 个 token',
  'meter.empty': '没有可测量的信封。',
};
