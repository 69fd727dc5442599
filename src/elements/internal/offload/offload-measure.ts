import type { MeasureResult, MessageSize } from '../../../core/insight/measure-result.js';

/**
 * A measure as it crosses from the offload worker to the page. Its `byMessage` (an entry per
 * message, each with an entry per segment) is half a million objects for 100,000 messages: the
 * page spent 171 ms taking them in as a structured clone, and the elements never read them. So
 * a long list crosses as JSON bytes, transferred (moved, not copied), and is parsed on the page
 * only if somebody reads `byMessage`.
 */
export type PackedMeasure = Omit<MeasureResult, 'byMessage'> &
  ({ byMessage: MessageSize[] } | { byMessage?: undefined; byMessageBytes: Uint8Array });

/** Lists up to this long cross as they are: a few milliseconds. */
const AS_BYTES_FROM = 2_000;

/** In the worker: the measure as it is sent, with what to transfer. */
export function packMeasure(result: MeasureResult): {
  measure: PackedMeasure;
  transfer: ArrayBuffer[];
} {
  if (result.byMessage.length < AS_BYTES_FROM) return { measure: result, transfer: [] };
  const { byMessage, ...rest } = result;
  const bytes = new TextEncoder().encode(JSON.stringify(byMessage));
  return {
    measure: { ...rest, byMessageBytes: bytes },
    transfer: [bytes.buffer as ArrayBuffer],
  };
}

/** On the page: the measure, with `byMessage` read from the bytes when first asked for. */
export function unpackMeasure(packed: PackedMeasure): MeasureResult {
  if (packed.byMessage) return packed as MeasureResult;
  const { byMessageBytes, ...rest } = packed;
  let byMessage: MessageSize[] | undefined;
  return Object.defineProperty(rest as Partial<MeasureResult>, 'byMessage', {
    enumerable: true,
    get: () =>
      (byMessage ??= JSON.parse(new TextDecoder().decode(byMessageBytes)) as MessageSize[]),
  }) as MeasureResult;
}
