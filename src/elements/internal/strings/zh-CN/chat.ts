import type { Translation } from '../translation.js';
import type { chatStrings as english } from '../en/chat.js';

/** The Simplified Chinese words of <envelope-chat>. */
export const chinese: Translation<typeof english> = {
  'chat.label': '对话',
  'chat.messages': '{n} 条消息',
  'chat.search': '在对话中搜索',
  'chat.searchPlaceholder': '搜索',
  'chat.previousMatch': '上一个匹配',
  'chat.nextMatch': '下一个匹配',
  'chat.matchPosition': '第 {i} 个，共 {n} 个',
  'chat.noMatches': '无匹配',
  'chat.matchesOnly': '只看匹配的消息',
  'chat.measure': '计算上下文大小',
  'chat.newMessage': '来自{role}的新消息。',
  'chat.newMessages': '{n} 条新消息 ↓',
};
