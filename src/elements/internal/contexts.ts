import { createContext } from '@lit/context';
import type { Envelope } from '../../core/protocol.js';

/** The envelope an `<envelope-viewer>` shows, for the panels inside it. */
export const envelopeContext = createContext<Envelope | undefined>(
  Symbol('prompt-envelope/envelope'),
);
