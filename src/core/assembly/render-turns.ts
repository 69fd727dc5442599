/** The final turns: participant headers, aliases, host headers and state-change lines (SPEC §3.6). */
import { partsText, type MidConversationSystem, type Turn, type TurnRole } from './conversation.js';
import { turn, type Entry } from './entries.js';
import {
  carriesHeader,
  hostHeader,
  hostMessageHeader,
  messageHeader,
  stateChangeLine,
} from './headers.js';
import { calendarDate, clockTime } from './time.js';

export interface RenderContext {
  participants: boolean;
  mode: MidConversationSystem;
  timeZone: string;
  scene?: string;
}

/** Turns the entries into the turns every target renders, with headers in their texts. */
export function renderEntries(entries: Entry[], context: RenderContext): Turn[] {
  const { participants, mode, timeZone } = context;
  const aliases = new Map<string, string>();
  const headerShown = new Set<string>();
  let next = 1;
  let lastTime: number | undefined;
  let lastDay: string | undefined;
  const turns: Turn[] = [];

  for (const entry of entries) {
    const message = entry.message;
    const isEvent = entry.kind === 'state' && !entry.host;
    if (isEvent || entry.host) {
      const body = isEvent
        ? entry.changes
            .map((c) => stateChangeLine(c.change, clockTime(c.timestamp, timeZone), context.scene))
            .join('\n')
        : entry.turns
            .filter((t) => t.role === 'system')
            .map((t) => partsText(t.parts))
            .join('\n\n');
      const alias = participants ? `m${next++}` : undefined;
      let text = body;
      let role: TurnRole = 'system';
      if (mode === 'none') {
        role = 'user';
        const time = clockTime(message.timestamp, timeZone);
        text = `${participants ? hostMessageHeader(alias, time) : hostHeader(message.timestamp, timeZone)}\n${body}`;
        lastTime = message.timestamp;
      }
      const hostTurn = turn(role, message, [{ type: 'text', text }], []);
      // A later system message may also carry tool traffic: those turns keep their places.
      entry.turns = isEvent
        ? [hostTurn]
        : entry.turns.map((t) => (t.role === 'system' ? hostTurn : t));
      for (const t of entry.turns) turns.push(t);
      continue;
    }
    const actor = message.actor;
    const content =
      participants && actor
        ? entry.turns.find(
            (t) => (t.role === 'user' || t.role === 'assistant') && t.parts.length > 0,
          )
        : undefined;
    if (actor && content && carriesHeader(message)) {
      const alias = `m${next++}`;
      aliases.set(message.id, alias);
      const full = !headerShown.has(actor.userId);
      headerShown.add(actor.userId);
      const day = calendarDate(message.timestamp, timeZone);
      const newDay = day !== lastDay;
      const showTime =
        full || newDay || lastTime === undefined || message.timestamp - lastTime >= 60_000;
      const replyTo = message.replyTo !== undefined ? aliases.get(message.replyTo) : undefined;
      const header = messageHeader({
        alias,
        actor,
        full,
        ...(replyTo ? { replyTo } : {}),
        ...(newDay ? { date: day } : {}),
        ...(showTime ? { time: clockTime(message.timestamp, timeZone) } : {}),
      });
      if (showTime) lastTime = message.timestamp;
      if (newDay) lastDay = day;
      const first = content.parts[0];
      content.parts =
        first?.type === 'text'
          ? [{ type: 'text', text: `${header}\n${first.text}` }, ...content.parts.slice(1)]
          : [{ type: 'text', text: header }, ...content.parts];
    }
    for (const t of entry.turns) turns.push(t);
  }
  return turns;
}

export function turnCharacters(t: Turn): number {
  let n = 0;
  for (const p of t.parts) if (p.type === 'text') n += p.text.length;
  if (t.toolResult) n += t.toolResult.result.length;
  return n;
}
