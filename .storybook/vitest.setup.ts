import { afterEach, beforeEach, expect, vi, type MockInstance } from 'vitest';

// A story that logs an error fails its test (SPEC §4: no console errors on any input), with the
// logged messages in the failure.
let errors: MockInstance<typeof console.error> | undefined;

beforeEach(() => {
  errors = vi.spyOn(console, 'error');
});

afterEach(() => {
  const calls: unknown[][] = errors?.mock.calls ?? [];
  errors?.mockRestore();
  expect(
    calls.map((args) => args.map(String).join(' ')),
    'console.error calls',
  ).toEqual([]);
});
