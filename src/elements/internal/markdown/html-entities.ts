import {
  decodeCharacterReferences,
  knowsEveryCharacterReferenceName,
  provideCharacterReferenceNames,
} from '../../../core/insight/character-references.js';
import { onDemand } from '../loading/on-demand.js';

/**
 * Character references in Markdown as the walker draws them (core/insight/character-references.ts
 * decodes them). HTML's whole list of names (the `character-entities` package, 11.6 kB gzip) is
 * loaded the first time a text holds a name outside the common ones, not with the elements: most
 * conversations write none. Until it has loaded, such a name is drawn as written, and each text
 * that held one is drawn again (markdown.ts), as raw HTML is once DOMPurify is here.
 */
const table = onDemand(async () => {
  const { characterEntities } = await import('character-entities');
  provideCharacterReferenceNames(characterEntities);
  for (const then of arrival.splice(0)) then();
  return characterEntities;
});

/** What runs once the list has loaded here (see afterEntityNamesLoad). */
const arrival: (() => void)[] = [];

/**
 * Runs `then` once HTML's whole list of names has loaded here, without asking for it: what read
 * texts before it (search) reads them again.
 */
export function afterEntityNamesLoad(then: () => void): void {
  if (!knowsEveryCharacterReferenceName()) arrival.push(then);
}

/** How many names were drawn as written before the whole list had loaded (writers compare it). */
let leftForTable = 0;
const leaveForTable = () => leftForTable++;

export function decodeEntities(text: string): string {
  return decodeCharacterReferences(
    text,
    knowsEveryCharacterReferenceName() ? undefined : leaveForTable,
  );
}

/** A count that grows each time a name is drawn as written for want of the whole list. */
export function namesLeftForTable(): number {
  return leftForTable;
}

/** Loads HTML's whole list of names (the first text that holds a rare one, a test). */
export function loadEntityNames(): Promise<unknown> {
  return table.load();
}

/** Whether the whole list of names is known: loaded, or given to a server render. */
export function entityNamesLoaded(): boolean {
  return knowsEveryCharacterReferenceName();
}
