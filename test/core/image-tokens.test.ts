import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  imagePixelSize,
  imageProvider,
  imageTokens,
  type ImagePixels,
} from '../../src/core/insight/image-tokens.js';
import { measureEnvelope } from '../../src/core/insight/measure.js';
import type { Envelope, ImageDetail } from '../../src/core/protocol/types.js';
import type { ExportTarget } from '../../src/core/targets/target-names.js';

const size = (width: number, height: number): ImagePixels => ({ width, height });

// Bytes of an image file's header, as a base64 data: URL (the rest of the file is not read).
const dataUrl = (type: string, bytes: number[]) =>
  `data:image/${type};base64,${Buffer.from(bytes).toString('base64')}`;
const be32 = (n: number) => [n >>> 24, (n >> 16) & 255, (n >> 8) & 255, n & 255];
const be16 = (n: number) => [n >> 8, n & 255];
const le16 = (n: number) => [n & 255, n >> 8];
const le24 = (n: number) => [n & 255, (n >> 8) & 255, n >> 16];
const le32 = (n: number) => [...le16(n & 0xffff), ...le16(n >>> 16)];
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const png = (w: number, h: number) =>
  dataUrl('png', [
    ...[0x89, ...ascii('PNG'), 0x0d, 0x0a, 0x1a, 0x0a],
    ...be32(13),
    ...ascii('IHDR'),
    ...be32(w),
    ...be32(h),
    8,
    6,
    0,
    0,
    0,
  ]);
const jpeg = (w: number, h: number) =>
  dataUrl('jpeg', [
    0xff,
    0xd8,
    // An APP0 segment, then the frame header.
    ...[0xff, 0xe0, ...be16(16), ...ascii('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0],
    ...[0xff, 0xc0, ...be16(17), 8, ...be16(h), ...be16(w), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1],
  ]);
const gif = (w: number, h: number) => dataUrl('gif', [...ascii('GIF89a'), ...le16(w), ...le16(h)]);
const webp = (chunk: string, body: number[]) =>
  dataUrl('webp', [
    ...ascii('RIFF'),
    ...le32(100),
    ...ascii('WEBP'),
    ...ascii(chunk),
    ...le32(10),
    ...body,
  ]);

describe('imageTokens: OpenAI', () => {
  // https://platform.openai.com/docs/guides/images-vision#calculating-costs: the worked examples.
  test('high detail: 1024 × 1024 is 4 tiles, 765 tokens', () => {
    assert.equal(imageTokens('openai', size(1024, 1024), 'high').tokens, 765);
  });
  test('high detail: 2048 × 4096 is scaled to 768 × 1536, 6 tiles, 1105 tokens', () => {
    assert.equal(imageTokens('openai', size(2048, 4096), 'high').tokens, 1105);
  });
  test('low detail is 85 tokens whatever the size, and not an estimate', () => {
    for (const s of [size(4096, 4096), size(10, 10), undefined])
      assert.deepEqual(imageTokens('openai', s, 'low'), {
        tokens: 85,
        rule: 'openai-tiles',
        unsized: false,
        auto: false,
      });
  });
  test('a small image is not enlarged: one tile', () => {
    assert.equal(imageTokens('openai', size(128, 64), 'high').tokens, 255);
  });
  test('auto (or no detail) counts as high and says the model chooses', () => {
    for (const detail of ['auto', undefined] as (ImageDetail | undefined)[]) {
      const count = imageTokens('openai', size(1024, 1024), detail);
      assert.equal(count.tokens, 765);
      assert.equal(count.auto, true);
    }
    assert.equal(imageTokens('openai', size(1024, 1024), 'high').auto, false);
  });
  test('an unknown size counts as 1024 × 1024 and says so', () => {
    assert.deepEqual(imageTokens('openai', undefined, 'high'), {
      tokens: 765,
      rule: 'openai-tiles',
      unsized: true,
      auto: false,
    });
  });
  test("the model's own figures: gpt-4o-mini and o3 count other base and tile costs", () => {
    assert.equal(
      imageTokens('openai', size(1024, 1024), 'high', 'gpt-4o-mini').tokens,
      2833 + 4 * 5667,
    );
    assert.equal(
      imageTokens('openai', size(1024, 1024), 'low', 'gpt-4o-mini-2024-07-18').tokens,
      2833,
    );
    assert.equal(imageTokens('openai', size(1024, 1024), 'high', 'o3').tokens, 75 + 4 * 150);
    assert.equal(imageTokens('openai', size(1024, 1024), 'high', 'gpt-4.1').tokens, 765);
  });
  test('patch models: 32-px patches, at most 1536, times the multiplier', () => {
    // 1024 × 1024: 32 × 32 = 1024 patches. 1800 × 2400: shrunk to 1056 × 1408, 33 × 44 = 1452.
    assert.deepEqual(imageTokens('openai', size(1024, 1024), 'low', 'gpt-4.1-mini'), {
      tokens: Math.round(1024 * 1.62),
      rule: 'openai-patches',
      unsized: false,
      auto: false,
    });
    assert.equal(
      imageTokens('openai', size(1800, 2400), 'high', 'gpt-4.1-nano').tokens,
      Math.round(1452 * 2.46),
    );
    assert.equal(
      imageTokens('openai', size(1800, 2400), 'high', 'openai/o4-mini').tokens,
      Math.round(1452 * 1.72),
    );
    const wide = imageTokens('openai', size(20000, 40), 'high', 'gpt-4.1-mini').tokens;
    assert.ok(wide <= Math.round(1536 * 1.62), `${wide}`);
  });
});

describe('imageTokens: Anthropic', () => {
  // https://platform.claude.com/docs/en/build-with-claude/vision#evaluate-image-size
  test('width × height / 750: the documented table', () => {
    assert.equal(imageTokens('anthropic', size(200, 200)).tokens, 54);
    assert.equal(imageTokens('anthropic', size(1000, 1000)).tokens, 1334);
    assert.equal(imageTokens('anthropic', size(1092, 1092)).tokens, 1590);
  });
  test('a larger image is scaled down first: long edge 1568 px, about 1,600 tokens', () => {
    assert.ok(imageTokens('anthropic', size(4000, 4000)).tokens <= 1600);
    assert.ok(imageTokens('anthropic', size(4000, 4000)).tokens >= 1595);
    // 8000 × 1000: the long edge becomes 1568, the short 196.
    assert.equal(imageTokens('anthropic', size(8000, 1000)).tokens, Math.ceil((1568 * 196) / 750));
  });
  test('unknown size: a 1024 × 1024 image, flagged', () => {
    assert.deepEqual(imageTokens('anthropic', undefined, 'low'), {
      tokens: Math.ceil((1024 * 1024) / 750),
      rule: 'anthropic',
      unsized: true,
      auto: false,
    });
  });
});

describe('imageTokens: Gemini', () => {
  // https://ai.google.dev/gemini-api/docs/tokens#multimodal-tokens
  test('258 tokens when both sides are at most 384 px', () => {
    assert.equal(imageTokens('gemini', size(384, 384)).tokens, 258);
    assert.equal(imageTokens('gemini', size(100, 300)).tokens, 258);
  });
  test('larger: 258 per 768 × 768 tile', () => {
    assert.equal(imageTokens('gemini', size(385, 100)).tokens, 258);
    assert.equal(imageTokens('gemini', size(1600, 900)).tokens, 258 * 6);
    assert.equal(imageTokens('gemini', undefined).unsized, true);
  });
});

describe('imageProvider', () => {
  test("each target counts by its provider's rules; OTel by the model's name", () => {
    const cases: [ExportTarget, string, string][] = [
      ['openai', 'claude-x', 'openai'],
      ['openai-responses', '', 'openai'],
      ['anthropic', 'gpt-4o', 'anthropic'],
      ['gemini', '', 'gemini'],
      ['otel', 'claude-sonnet-4-5', 'anthropic'],
      ['otel', 'gemini-2.5-pro', 'gemini'],
      ['otel', 'gpt-4o', 'openai'],
      ['otel', '', 'openai'],
    ];
    for (const [target, model, provider] of cases)
      assert.equal(imageProvider(target, model), provider, `${target} ${model}`);
  });
});

describe('imagePixelSize', () => {
  test('reads the size from the header of a PNG, JPEG, GIF and each kind of WebP', () => {
    assert.deepEqual(imagePixelSize(png(1024, 700)), size(1024, 700));
    assert.deepEqual(imagePixelSize(png(70000, 3)), size(70000, 3));
    assert.deepEqual(imagePixelSize(jpeg(1800, 2400)), size(1800, 2400));
    assert.deepEqual(imagePixelSize(gif(320, 200)), size(320, 200));
    assert.deepEqual(
      imagePixelSize(webp('VP8X', [0, 0, 0, 0, ...le24(1919), ...le24(1079)])),
      size(1920, 1080),
    );
    // VP8L: a signature byte, then 14 bits of width − 1 and 14 of height − 1.
    const bits = (800 - 1) | ((600 - 1) << 14);
    assert.deepEqual(imagePixelSize(webp('VP8L', [0x2f, ...le32(bits)])), size(800, 600));
    assert.deepEqual(
      imagePixelSize(webp('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, ...le16(640), ...le16(480)])),
      size(640, 480),
    );
  });
  test('no size for other URLs and broken headers, without throwing', () => {
    for (const url of [
      'https://example.com/cat.png',
      'data:text/plain;base64,aGVsbG8=',
      'data:image/png;base64,',
      'data:image/png;base64,!!!!',
      'data:image/png,%89PNG',
      png(0, 10),
      dataUrl('jpeg', [0xff, 0xd8, 0xff, 0xe0, 0xff, 0xff]),
      dataUrl('jpeg', [0xff, 0xd8, 0x00, 0x00, 0, 0, 0, 0, 0, 0, 0]),
    ])
      assert.equal(imagePixelSize(url), undefined, url);
  });
  test("demo D's cat is a 320 × 240 WebP", async () => {
    const { demoEnvelopes } = await import('../../src/data/demos/index.js');
    const image = demoEnvelopes.d.messages
      .flatMap((m) => m.segments)
      .find((s) => s.kind === 'media' && s.mediaType === 'image');
    assert.ok(image?.kind === 'media');
    assert.deepEqual(imagePixelSize(image.url), size(320, 240));
  });
});

describe('measureEnvelope counts images by the rules', () => {
  const withImage = (url: string, detail?: ImageDetail, model?: string): Envelope => ({
    version: detail ? '1.1' : '1.0',
    ...(model ? { model } : {}),
    messages: [
      {
        id: 'u1',
        role: 'user',
        timestamp: 1_700_000_000_000,
        segments: [
          { kind: 'text', content: 'What is this?' },
          { kind: 'media', mediaType: 'image', url, ...(detail ? { detail } : {}) },
        ],
      },
    ],
  });
  const media = (envelope: Envelope, target?: ExportTarget) => {
    const r = measureEnvelope(envelope, { target });
    assert.deepEqual(r.errors, []);
    return { tokens: r.byKind.media.tokens, images: r.images };
  };

  test('an OpenAI image with detail "low" is 85 tokens, not 765', () => {
    assert.deepEqual(media(withImage('https://example.com/cat.png', 'low')), {
      tokens: 85,
      images: { count: 1, unsized: 0, auto: 0, rule: 'openai-tiles' },
    });
    assert.equal(
      media(withImage('https://example.com/cat.png', 'low'), 'openai-responses').tokens,
      85,
    );
  });
  test('a data: URL gives the size; a plain URL is estimated as 1024 × 1024', () => {
    assert.deepEqual(media(withImage(png(2048, 4096), 'high')), {
      tokens: 1105,
      images: { count: 1, unsized: 0, auto: 0, rule: 'openai-tiles' },
    });
    assert.deepEqual(media(withImage('https://example.com/cat.png', 'high')), {
      tokens: 765,
      images: { count: 1, unsized: 1, auto: 0, rule: 'openai-tiles' },
    });
    assert.deepEqual(media(withImage(png(1024, 1024))).images, {
      count: 1,
      unsized: 0,
      auto: 1,
      rule: 'openai-tiles',
    });
  });
  test("the target's provider counts: Anthropic's formula, Gemini's tiles", () => {
    assert.deepEqual(media(withImage(jpeg(1092, 1092)), 'anthropic'), {
      tokens: 1590,
      images: { count: 1, unsized: 0, auto: 0, rule: 'anthropic' },
    });
    assert.equal(media(withImage(gif(300, 200)), 'gemini').tokens, 258);
    assert.equal(
      media(withImage(gif(300, 200), undefined, 'gemini-2.5-flash'), 'otel').tokens,
      258,
    );
  });
  test("the envelope's model chooses OpenAI's figures", () => {
    assert.equal(
      media(withImage(png(1024, 1024), 'high', 'gpt-4.1-mini')).tokens,
      Math.round(1024 * 1.62),
    );
  });
  test('an envelope with no image counts none', () => {
    const r = measureEnvelope({ version: '1.0', messages: [] });
    assert.deepEqual(r.images, { count: 0, unsized: 0, auto: 0 });
  });
});
