/**
 * A real BPE tokenizer for measureEnvelope, from the optional peer dependency `gpt-tokenizer`.
 * Kept out of `prompt-envelope/core` on purpose: an encoding's vocabulary is megabytes, so it
 * is loaded only when this function is called (`npm install gpt-tokenizer` first).
 */
import type { Tokenizer } from './token-estimate.js';

/** The encodings gpt-tokenizer ships; o200k_base is GPT-4o's and later models'. */
export type BpeEncoding = 'o200k_base' | 'cl100k_base';

interface BpeModule {
  countTokens(text: string, options?: { disallowedSpecial?: Set<string> }): number;
}

/** gpt-tokenizer's encoding modules, named literally so that bundlers can split them off. */
const ENCODINGS: Record<BpeEncoding, () => Promise<BpeModule>> = {
  o200k_base: () => import('gpt-tokenizer/encoding/o200k_base'),
  cl100k_base: () => import('gpt-tokenizer/encoding/cl100k_base'),
};

/**
 * Loads an OpenAI BPE encoding and returns it as a Tokenizer named after the encoding. Rejects
 * with a message that says what to install when gpt-tokenizer is missing, or which encodings
 * exist when the name is unknown.
 */
export async function loadBpeTokenizer(encoding: BpeEncoding = 'o200k_base'): Promise<Tokenizer> {
  const load = Object.hasOwn(ENCODINGS, encoding) ? ENCODINGS[encoding] : undefined;
  if (!load) {
    throw new Error(
      `Unknown BPE encoding ${JSON.stringify(encoding)}; use one of ${Object.keys(ENCODINGS).join(', ')}.`,
    );
  }
  let module: BpeModule;
  try {
    module = await load();
  } catch (cause) {
    throw new Error(
      'loadBpeTokenizer needs the optional package gpt-tokenizer: run `npm install gpt-tokenizer`.',
      { cause },
    );
  }
  return {
    name: encoding,
    // Special-token text such as <|endoftext|> in an envelope is ordinary text to the model's
    // API, so it is counted as text rather than refused.
    count: (text) => module.countTokens(text, { disallowedSpecial: new Set() }),
  };
}
