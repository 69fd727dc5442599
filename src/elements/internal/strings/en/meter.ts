/** The English words of <context-meter>. */
export const meterStrings = {
  'meter.label': 'Context size',
  'meter.caption': 'tokens by kind in the {target} request ({tokenizer})',
  'meter.estimate': 'estimated',
  'meter.kind': 'Kind',
  'meter.tokens': 'Tokens',
  'meter.characters': 'Characters',
  'meter.share': 'Share',
  'meter.total': 'Total',
  'meter.totalTokens': '{n} tokens',
  'meter.history': 'History',
  'meter.toolTraffic': 'Tool calls and results',
  'meter.documents': 'Documents',
  'meter.overhead': 'Joins and headers',
  'meter.ofLimit': '{p} of the {limit}-token limit',
  'meter.overLimit': 'Over the {limit}-token limit by {n} tokens',
  'meter.empty': 'No envelope to measure.',
} as const;
