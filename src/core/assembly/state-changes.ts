/** State changes in the sequence: announce changed facts, keep events out of tool groups, merge neighbours. */
import type { Entry } from './entries.js';
import { FactTracker } from './headers.js';

/**
 * Compares each speaker's facts with what the model was last told; a difference no event
 * announced gets a synthesized state change (operator `system`) right before the message.
 */
export function announceChangedFacts(entries: Entry[]): Entry[] {
  const facts = new FactTracker();
  const out: Entry[] = [];
  for (const entry of entries) {
    for (const { change } of entry.changes) facts.heard(change);
    if (entry.kind === 'user' || entry.kind === 'assistant') {
      const changes = facts.spoke(entry.message);
      if (changes.length > 0) {
        const timestamp = entry.message.timestamp;
        out.push({
          kind: 'state',
          message: entry.message,
          segment: 0,
          turns: [],
          changes: changes.map((change) => ({ change, timestamp })),
          host: false,
        });
      }
    }
    out.push(entry);
  }
  return out;
}

/**
 * An event never goes between a tool call and its results: it waits until the last result of
 * that group has been sent (the APIs refuse anything in between).
 */
export function moveEventsAfterToolResults(entries: Entry[]): Entry[] {
  const out: Entry[] = [];
  const held: Entry[] = [];
  const open = new Set<string>();
  const flush = () => {
    if (held.length > 0) out.push(...held.splice(0));
  };
  for (const entry of entries) {
    if (entry.kind === 'state' && open.size > 0) {
      held.push(entry);
      continue;
    }
    if (open.size > 0) {
      // A message that answers none of the open calls breaks the group anyway: events go first.
      let answersOpen = false;
      for (const t of entry.turns)
        if (t.role === 'tool' && open.has(t.toolResult!.callId)) answersOpen = true;
      if (!answersOpen) {
        open.clear();
        flush();
      }
    }
    out.push(entry);
    for (const t of entry.turns) {
      if (t.role === 'assistant') for (const call of t.toolCalls) open.add(call.id);
      if (t.role === 'tool') open.delete(t.toolResult!.callId);
    }
    if (open.size === 0) flush();
  }
  flush();
  return out;
}

/** Consecutive events become one message, fewer role switches. */
export function mergeEvents(entries: Entry[]): Entry[] {
  const out: Entry[] = [];
  for (const entry of entries) {
    const last = out.at(-1);
    if (last && entry.kind === 'state' && !entry.host && last.kind === 'state' && !last.host) {
      out[out.length - 1] = { ...last, changes: [...last.changes, ...entry.changes] };
      continue;
    }
    out.push(entry);
  }
  return out;
}
