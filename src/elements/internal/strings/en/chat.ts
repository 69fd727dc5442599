/** The English words of <envelope-chat>. */
export const chatStrings = {
  'chat.label': 'Conversation',
  'chat.messages': '{n} messages',
  'chat.messagesOne': '1 message',
  'chat.search': 'Search in the conversation',
  'chat.searchPlaceholder': 'Search',
  'chat.previousMatch': 'Previous match',
  'chat.nextMatch': 'Next match',
  'chat.matchPosition': '{i} of {n}',
  'chat.noMatches': 'No matches',
  'chat.matchesOnly': 'Only matching messages',
  'chat.measure': 'Measure context size',
  'chat.newMessage': 'New message from {role}.',
  'chat.newMessages': '{n} new messages ↓',
  'chat.newMessagesOne': '1 new message ↓',
} as const;
