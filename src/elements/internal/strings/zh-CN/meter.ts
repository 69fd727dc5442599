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
  'meter.totalTokensApprox': '约 {n} 个 token',
  'meter.imagesUnsized': '图片尺寸未知：{n} 张图片按 1024 × 1024 像素估算（{rule}）。',
  'meter.imagesAuto': '{n} 张图片的 OpenAI detail 为 "auto"，按 "high" 计算：由模型决定。',
  'meter.rule.openai-tiles': 'OpenAI 的 512 像素分块',
  'meter.rule.openai-patches': 'OpenAI 的 32 像素小块',
  'meter.rule.anthropic': 'Anthropic 的 宽 × 高 ÷ 750',
  'meter.rule.gemini': 'Gemini 的 768 像素分块',
  'meter.rule.fixed': '每张图片固定数量',
  'meter.history': '对话历史',
  'meter.toolTraffic': '工具调用与结果',
  'meter.documents': '文档',
  'meter.overhead': '连接与标头',
  'meter.ofLimit': '占 {limit} token 上限的 {p}',
  'meter.overLimit': '超出 {limit} token 上限 {n} 个 token',
  'meter.empty': '没有可测量的信封。',
};
