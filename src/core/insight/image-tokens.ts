/**
 * Tokens of an image as each provider counts it, by the rules its documentation gives, and the
 * pixel size of an image sent inline (a `data:` URL), which is all an envelope says of its size.
 */
import type { ImageDetail } from '../protocol/types.js';
import type { ExportTarget } from '../targets/target-names.js';

/** The documented rule an image was counted by; `fixed`: the count the caller gave. */
export type ImageTokenRule = 'openai-tiles' | 'openai-patches' | 'anthropic' | 'gemini' | 'fixed';

/** Whose rules count an image. */
export type ImageProvider = 'openai' | 'anthropic' | 'gemini';

export interface ImagePixels {
  width: number;
  height: number;
}

export interface ImageTokenCount {
  tokens: number;
  rule: ImageTokenRule;
  /** The size is unknown: the image was counted as `ASSUMED_IMAGE_SIZE` pixels square. */
  unsized: boolean;
  /** OpenAI's `detail: "auto"` (or none) lets the model choose the resolution: counted as `high`. */
  auto: boolean;
}

/** The side, in pixels, of the square an image of unknown size is counted as. */
export const ASSUMED_IMAGE_SIZE = 1024;

// Scaled sizes are whole pixels; the epsilon keeps 767.9999… from losing a pixel.
const px = (x: number) => Math.floor(x + 1e-6);
const tiles = (w: number, h: number, side: number) => Math.ceil(w / side) * Math.ceil(h / side);

/*
 * OpenAI: https://platform.openai.com/docs/guides/images-vision#calculating-costs
 * Tile models: `low` costs the base alone; `high` scales the image to fit 2048 × 2048, then its
 * shortest side to 768 (neither step enlarges it) and adds a tile cost per 512-px square.
 * Patch models: one patch per 32-px square, the image shrunk until at most 1536 patches cover it,
 * times the model's multiplier; `detail` does not change the count.
 */
const GPT_4O = { base: 85, tile: 170 };
const OPENAI_TILES: [RegExp, typeof GPT_4O][] = [
  [/^gpt-4o-mini/, { base: 2833, tile: 5667 }],
  [/^o(1|3)(-pro)?($|-\d)/, { base: 75, tile: 150 }],
];
const OPENAI_PATCHES: [RegExp, multiplier: number][] = [
  [/^gpt-4\.1-mini/, 1.62],
  [/^gpt-4\.1-nano/, 2.46],
  [/^o4-mini/, 1.72],
];

function openAITiles(w: number, h: number, base: number, tile: number): number {
  let scale = Math.min(1, 2048 / Math.max(w, h));
  [w, h] = [px(w * scale), px(h * scale)];
  scale = Math.min(1, 768 / Math.min(w, h));
  return base + tile * tiles(px(w * scale), px(h * scale), 512);
}

function openAIPatches(w: number, h: number, multiplier: number): number {
  let patches = tiles(w, h, 32);
  if (patches > 1536) {
    let scale = Math.sqrt((1536 * 32 * 32) / (w * h));
    // Shrink a little more so that whole patches cover the shorter fit.
    const [pw, ph] = [(w * scale) / 32, (h * scale) / 32];
    scale *= Math.min(Math.floor(pw) / pw, Math.floor(ph) / ph);
    patches = Math.min(1536, tiles(px(w * scale), px(h * scale), 32));
  }
  return Math.round(patches * multiplier);
}

/*
 * Anthropic: https://platform.claude.com/docs/en/build-with-claude/vision#evaluate-image-size
 * tokens = width × height / 750, after scaling (aspect kept) until the long edge is at most
 * 1568 px and the image at most about 1,600 tokens (1092 × 1092 is the largest square kept).
 */
function anthropic(w: number, h: number): number {
  const scale = Math.min(1, 1568 / Math.max(w, h), Math.sqrt((1600 * 750) / (w * h)));
  return Math.ceil((px(w * scale) * px(h * scale)) / 750);
}

/*
 * Gemini: https://ai.google.dev/gemini-api/docs/tokens#multimodal-tokens
 * 258 tokens when both sides are at most 384 px; a larger image is cropped and scaled into
 * 768 × 768 tiles of 258 tokens each.
 */
const gemini = (w: number, h: number) => 258 * (w <= 384 && h <= 384 ? 1 : tiles(w, h, 768));

/** Whose rules count the images of a target's request: OTel records follow the model's name. */
export function imageProvider(target: ExportTarget, model = ''): ImageProvider {
  if (target === 'anthropic' || target === 'gemini') return target;
  if (target === 'otel' && /claude/i.test(model)) return 'anthropic';
  if (target === 'otel' && /gemini/i.test(model)) return 'gemini';
  return 'openai';
}

/**
 * The tokens one image costs under the provider's documented rule. Without a size the image is
 * counted as `ASSUMED_IMAGE_SIZE` pixels square and the count is flagged `unsized`; OpenAI's
 * `auto` detail (or none) is counted as `high` and flagged `auto`. `model` chooses OpenAI's
 * figures (`gpt-4o-mini`, `o1`/`o3`, the patch-counted `gpt-4.1-mini`, `gpt-4.1-nano`,
 * `o4-mini`; every other model the `gpt-4o` figures: 85 base, 170 a tile).
 *
 * @example
 * ```ts
 * imageTokens('openai', { width: 1024, height: 1024 }, 'high').tokens; // 765
 * imageTokens('openai', undefined, 'low').tokens; // 85
 * ```
 */
export function imageTokens(
  provider: ImageProvider,
  size: ImagePixels | undefined,
  detail?: ImageDetail,
  model = '',
): ImageTokenCount {
  const unsized = !size;
  const { width: w, height: h } = size ?? { width: ASSUMED_IMAGE_SIZE, height: ASSUMED_IMAGE_SIZE };
  if (provider === 'anthropic')
    return { tokens: anthropic(w, h), rule: 'anthropic', unsized, auto: false };
  if (provider === 'gemini') return { tokens: gemini(w, h), rule: 'gemini', unsized, auto: false };
  const name = model.slice(model.lastIndexOf('/') + 1).toLowerCase();
  const patches = OPENAI_PATCHES.find(([m]) => m.test(name));
  if (patches)
    return {
      tokens: openAIPatches(w, h, patches[1]),
      rule: 'openai-patches',
      unsized,
      auto: false,
    };
  const { base, tile } = OPENAI_TILES.find(([m]) => m.test(name))?.[1] ?? GPT_4O;
  if (detail === 'low') return { tokens: base, rule: 'openai-tiles', unsized: false, auto: false };
  return {
    tokens: openAITiles(w, h, base, tile),
    rule: 'openai-tiles',
    unsized,
    auto: detail !== 'high' && detail !== 'original',
  };
}

// A JPEG's size can follow 64 KiB of metadata; more than this is not read.
const HEADER_CHARACTERS = 96 * 1024;

/**
 * The pixel size of a PNG, JPEG, GIF or WebP image in a base64 `data:` URL, read from its
 * header; undefined for any other URL or an unreadable header.
 *
 * @example
 * ```ts
 * const size = imagePixelSize(text); // demo D's cat: { width: 320, height: 240 }
 * const tokens = imageTokens('anthropic', size).tokens; // no size: 1024 × 1024, `unsized`
 * ```
 */
export function imagePixelSize(url: string): ImagePixels | undefined {
  const prefix = /^data:image\/[\w.+-]+(;[^,;]*)*;base64,/i.exec(url);
  if (!prefix) return undefined;
  let b: Uint8Array;
  try {
    const text = url
      .slice(prefix[0].length, prefix[0].length + HEADER_CHARACTERS)
      .replace(/[^A-Za-z0-9+/]/g, '');
    const binary = atob(text.slice(0, text.length - (text.length % 4)));
    b = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) b[i] = binary.charCodeAt(i);
  } catch {
    return undefined;
  }
  const be16 = (i: number) => (b[i] << 8) | b[i + 1];
  const le16 = (i: number) => b[i] | (b[i + 1] << 8);
  const le24 = (i: number) => le16(i) | (b[i + 2] << 16);
  const ascii = (i: number, n: number) => String.fromCharCode(...b.subarray(i, i + n));
  let size: ImagePixels | undefined;
  if (ascii(1, 3) === 'PNG')
    size = { width: be16(16) * 65536 + be16(18), height: be16(20) * 65536 + be16(22) };
  else if (ascii(0, 4) === 'GIF8') size = { width: le16(6), height: le16(8) };
  else if (ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WEBP') {
    const chunk = ascii(12, 4);
    if (chunk === 'VP8X') size = { width: le24(24) + 1, height: le24(27) + 1 };
    else if (chunk === 'VP8L')
      size = {
        width: (le16(21) & 0x3fff) + 1,
        height: ((le24(22) >> 6) & 0x3fff) + 1,
      };
    else if (chunk === 'VP8 ') size = { width: le16(26) & 0x3fff, height: le16(28) & 0x3fff };
  } else if (b[0] === 0xff && b[1] === 0xd8) {
    // Walk the JPEG's segments to the frame header (SOF0–SOF15 but DHT, JPG and DAC).
    for (let i = 2; i + 8 < b.length;) {
      if (b[i] !== 0xff) break;
      const marker = b[i + 1];
      if (marker === 0xff) i++;
      else if (marker >= 0xd0 && marker <= 0xd9) i += 2;
      else if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        size = { width: be16(i + 7), height: be16(i + 5) };
        break;
      } else i += 2 + be16(i + 2);
    }
  }
  return size && size.width > 0 && size.height > 0 ? size : undefined;
}
