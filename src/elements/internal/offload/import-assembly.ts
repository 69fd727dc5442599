import type { Envelope, Message } from '../../../core/protocol/types.js';
import type { ImportedConversation, ImportResult } from '../../../core/targets/import-body.js';

/**
 * The page's side of reading a file in the offload worker (offload-import.ts has the worker's):
 * the messages the worker sends, and their assembly into the import result. Apart from types it
 * needs nothing of the core, so the elements that offload other work do not carry the readers.
 */

/** Some messages of envelope `index` of the result; the first part of it carries its head. */
export interface EnvelopePart {
  index: number;
  head?: Omit<Envelope, 'messages'>;
  messages: Message[];
}

/** The import result without its envelopes (they come in parts). */
export interface ImportHead extends Omit<ImportResult, 'envelope' | 'envelopes'> {
  /** The conversations without their envelopes: envelope `i` of the parts is the `i`-th's. */
  envelopes?: Omit<ImportedConversation, 'envelope'>[];
  /** Which of the envelopes sent is the result's `envelope`; null for none. */
  envelopeAt: number | null;
  /** How many envelopes were sent in parts. */
  sent: number;
}

/** What the worker sends while it reads a file, before its last message (`imported`). */
export type ImportMessage =
  | { type: 'import-progress'; id: number; share: number }
  | { type: 'import-part'; id: number; parts: EnvelopePart[] }
  | { type: 'imported'; id: number; head: ImportHead };

/** On the page: puts the worker's messages for one import back together. */
export class ImportAssembly {
  private readonly envelopes: Envelope[] = [];

  /** Takes in one message; returns the result after the last one. */
  receive(message: ImportMessage, onProgress?: (share: number) => void): ImportResult | undefined {
    switch (message.type) {
      case 'import-progress':
        // The parts still to come are the last tenth.
        onProgress?.(message.share * 0.9);
        return undefined;
      case 'import-part':
        for (const part of message.parts) {
          if (part.head) this.envelopes[part.index] = { ...part.head, messages: part.messages };
          else this.envelopes[part.index]!.messages.push(...part.messages);
        }
        return undefined;
      case 'imported': {
        const { envelopeAt, sent, envelopes: conversations, ...rest } = message.head;
        if (this.envelopes.length !== sent)
          throw new Error(`The offload worker sent ${this.envelopes.length} of ${sent} envelopes.`);
        const result: ImportResult = {
          ...rest,
          envelope: envelopeAt === null ? null : this.envelopes[envelopeAt]!,
        };
        if (conversations)
          result.envelopes = conversations.map((conversation, i) => ({
            ...conversation,
            envelope: this.envelopes[i]!,
          }));
        onProgress?.(1);
        return result;
      }
    }
  }
}
