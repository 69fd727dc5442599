import type { Skill } from '../core/skills/registry.js';

/** Hand-written skills (SPEC §3.5): L1 name + description, L2 body (Markdown instructions). */
export const handwrittenSkills: readonly Skill[] = [
  {
    name: 'code-review',
    description:
      'Review a code change for correctness bugs first, then for simplifications and efficiency gains.',
    body: `# Code review

Review a change the way a careful maintainer would: first ask "is it correct?", only then
"could it be simpler or faster?". A review that polishes names while missing a broken error
path has failed.

## When to use
- A pull request, patch or diff is ready and someone asks for a review.
- You have just written a change yourself and want a second pass before handing it over.
- Not for whole-codebase audits (use security-audit or perf-analysis instead).

## Workflow
1. Read the description or linked issue and write down, in one sentence, what the change claims to do.
2. Read the whole diff once without commenting, to see its shape: which files, which layers, what moved.
3. Open the surrounding code for every changed function: callers, callees, and the types involved. A diff alone hides the context bugs live in.
4. Walk each changed path with concrete inputs, including empty, null, huge and malformed ones.
5. Check the tests: do they exercise the new behaviour, and would they fail if the change were reverted?
6. Only after correctness, look for simplifications, duplicated logic and wasted work.
7. Write the findings, ranked by severity, each with a file:line and a concrete fix.

## Correctness checklist
- Error paths: every call that can fail is checked; errors are propagated, not swallowed or logged and ignored.
- Boundaries: off-by-one in loops, slices and ranges; inclusive vs exclusive ends; empty collections.
- Null and undefined: optional fields, missing map keys, \`find\` returning nothing.
- Concurrency: shared state mutated without a lock, check-then-act races, unawaited promises, re-entrancy.
- Resources: files, sockets, locks, timers and subscriptions released on every path, including exceptions.
- Data: integer overflow, float comparison, time zones, string encoding, locale-dependent parsing.
- Compatibility: changed public signatures, serialized formats, database migrations, config defaults.
- Tests that cannot fail: assertions on mocks only, \`expect(x).toBeDefined()\` where a value matters, snapshot updates accepted blindly.

## Simplification and efficiency checklist
- Dead code, unused parameters, flags that are always the same value.
- Logic duplicated from an existing helper in the codebase.
- Work inside loops that could be hoisted; N+1 queries; repeated parsing of the same input.
- Abstractions with a single caller that make the code harder to follow.

## Output format
\`\`\`
Summary: <one sentence on what the change does and whether it is ready>

[blocker] src/cache.ts:88 — entry is deleted before the write succeeds; a failed write loses data.
  Fix: delete only after \`await store.put(...)\` resolves.
[major] src/cache.ts:120 — loop bound uses <=, reads one past the end when list is full.
[minor] src/util.ts:14 — duplicates \`clamp\` from src/math.ts; reuse it.
[nit] ...
\`\`\`
Severity levels: blocker (wrong result, data loss, security), major (bug in a plausible case),
minor (maintainability, small inefficiency), nit (style, only if asked).

## Pitfalls
- Reviewing only the lines shown in the diff; most bugs sit at the seam with unchanged code.
- Burying one blocker under twenty nits. Lead with what must change.
- Vague comments ("this looks off"). Say what input breaks it and what the fix is.
- Asking for rewrites to match your taste when the existing code is correct and clear.
`,
    meta: { source: 'prompt-envelope', version: '1.0', tags: ['code', 'review'] },
  },
  {
    name: 'deep-research',
    description:
      'Research a question across several sources, cross-check claims and write a cited report.',
    body: `# Deep research

Answer a question that cannot be settled by one search: gather several independent sources,
check them against each other, and write a report in which every claim can be traced back.

## When to use
- The question is contested, recent, or needs numbers (market sizes, benchmarks, dates, versions).
- The user wants a report, comparison or literature overview, not a one-line answer.
- Not for facts that one authoritative source settles (an API signature, a spec clause).

## Workflow
1. Restate the question precisely. Split it into 3–6 sub-questions that together answer it.
2. For each sub-question, list what kind of source would settle it: primary (spec, paper, dataset, official docs, source code) or secondary (reviews, articles, forums).
3. Search broadly first, then deeply. Collect at least two independent sources per key claim.
4. For each source record: title, author or organisation, date, URL, and the exact passage you rely on.
5. Cross-check. Where sources agree, note it. Where they disagree, find out why: different dates, definitions, methods or interests.
6. Prefer primary over secondary, recent over old, and sources with data over sources with opinions.
7. Draft the report from the notes, not from memory. Mark every claim with its citation.
8. Re-read the draft and delete any sentence you cannot cite or clearly label as your inference.

## Source quality checklist
- Who published it, and do they gain from a particular answer?
- Is it dated? Is it still current for this question?
- Does it cite its own evidence, or repeat another source (which then is not independent)?
- Are numbers given with units, sample size and method?
- Is the passage quoted in context, not a headline or abstract that overstates the result?

## Output format
\`\`\`
# <Question>

## Answer in brief
<3–5 sentences with the conclusion and its confidence: high / medium / low>

## Findings
1. <Claim> [1][3]
2. <Claim where sources disagree>: [2] says X, [4] says Y; the difference comes from ...

## Open questions
- <What the sources could not settle and what would settle it>

## Sources
[1] Author, "Title", Publisher, 2024-03-01. URL — "quoted passage"
\`\`\`

## Pitfalls
- Citing a source for a claim it does not actually make. Quote the passage.
- Counting five articles that all copy one press release as five sources.
- Stopping at the first plausible answer; search specifically for evidence against it.
- Hiding uncertainty. "The sources disagree" is a valid and useful finding.
- Letting the report grow beyond the question; keep tangents in a short "related" note.
`,
    meta: { source: 'prompt-envelope', version: '1.0', tags: ['research', 'writing'] },
  },
  {
    name: 'verify',
    description:
      'Check that a claimed fix or result really holds by running it, not by reading it.',
    body: `# Verify

A claim that something works ("the bug is fixed", "the tests pass", "the migration is done")
is a hypothesis until it has been run. This skill turns such a claim into evidence, or finds
out that it does not hold.

## When to use
- Before reporting a task as done, for your own work or someone else's.
- When a summary says "should work", "probably fixed" or "tests pass" without showing output.
- After a merge, deploy or dependency upgrade that could have changed behaviour.

## Workflow
1. Write the claim down as a checkable statement: "Running X with input Y now gives Z instead of W."
2. Find the original failure. Reproduce it on the old version if you can, so you know your check is able to fail.
3. Run the exact check on the new version: the same command, the same input, the same environment.
4. Read the actual output in full, not just the exit code or the last line.
5. Widen the check: nearby inputs, the edge cases the fix touched, and the full test suite for the affected area.
6. Check for side effects: did other tests, the build, type checking or linting start failing?
7. Record what you ran and what you saw, verbatim, so someone else can repeat it.

## Checklist
- The check runs the real code path, not a mock that always succeeds.
- The build is fresh: no stale compiled output, caches or an old server still running.
- The environment matches: same branch, same config, same data, same versions.
- A test that passes was seen to fail without the fix (or was deliberately broken once).
- Skipped, pending or filtered tests are counted and reported, not hidden in "all green".
- Flaky results were run several times; one pass out of three is not a pass.
- Numbers (speed-ups, sizes, counts) are measured, with before and after from the same setup.

## Output format
\`\`\`
Claim: <what was said to be true>
Verdict: holds | does not hold | partly holds | could not verify

Evidence:
$ npm test -- cache.test.ts
  ✓ evicts oldest entry when full (12 ms)
  14 passed, 0 failed, 0 skipped

Before the fix (same command on commit abc123): 1 failed — "expected 3, got 4"
Not checked: <what you could not run and why>
\`\`\`

## Pitfalls
- Reading the diff and concluding it "looks right". That is review, not verification.
- Trusting an exit code from a script that swallows errors or pipes through \`| head\`.
- Verifying a different thing than was claimed (unit test passes, but the reported bug was in the CLI).
- Reporting "verified" when you only ran part of it. Say exactly what was and was not run.
`,
    meta: { source: 'prompt-envelope', version: '1.0', tags: ['testing', 'quality'] },
  },
  {
    name: 'debug',
    description:
      'Find the root cause of a failure by reproducing it, narrowing it down and testing one hypothesis at a time.',
    body: `# Debug

Find why something fails, not just a change that makes the symptom go away. The method is
always the same: reproduce, narrow, hypothesise, test, and only then fix.

## When to use
- A test, build, request or job fails and the cause is not obvious from the error.
- A bug report describes wrong behaviour that you have not yet seen yourself.
- A previous "fix" did not hold and the failure came back.

## Workflow
1. **Capture the failure.** Copy the exact error, stack trace, inputs, versions and environment. Note when it started, if known.
2. **Reproduce it.** Find the shortest command that shows the failure reliably. If it is intermittent, measure how often it fails (e.g. 3 out of 20 runs).
3. **Narrow it down.** Shrink the input, remove steps, and bisect: across commits (\`git bisect\`), across data, across configuration. Stop when removing anything more makes the failure disappear.
4. **Form one hypothesis** that explains every observed fact, and write it down: "The cache key ignores the locale, so the second request gets the first one's result."
5. **Predict and test.** Decide what you would see if the hypothesis is true, then look: add a log line, a breakpoint, an assertion. Change one thing at a time.
6. **Discard or confirm.** If the prediction fails, drop the hypothesis entirely and return to step 4 with the new fact.
7. **Fix the root cause**, then add a test that fails without the fix and passes with it.
8. **Verify** with the original reproduction, and check for other places with the same flaw.

## Narrowing checklist
- Does it fail on a clean checkout? With a fresh install of dependencies? On another machine?
- Does it depend on data, time, time zone, locale, order of tests, or concurrency?
- What changed recently: code, dependencies, configuration, infrastructure, input data?
- Is the error message about the real problem, or a later consequence of it? Read the first error, not the last.
- Are you sure the code you are reading is the code that runs (build output, deployed version)?

## Output format
\`\`\`
Symptom: <what fails, with the exact error>
Reproduction: <shortest command or steps>, fails 20/20
Root cause: <one or two sentences, with file:line>
Evidence: <the observation that confirmed it>
Fix: <what changed> — regression test: <test name>
Ruled out: <hypotheses that were tested and rejected>
\`\`\`

## Pitfalls
- Changing several things at once; when it starts working you will not know why.
- Fixing the symptom (catching the exception, adding a retry, raising a timeout) instead of the cause.
- Debugging from memory of how the code "should" work instead of observing what it does.
- Declaring an intermittent failure fixed after one green run.
`,
    meta: { source: 'prompt-envelope', version: '1.0', tags: ['code', 'debugging'] },
  },
  {
    name: 'write-tests',
    description:
      'Write focused tests that pin down behaviour a user relies on, including the edge cases.',
    body: `# Write tests

Write tests that protect behaviour people depend on: each one should fail for a real bug and
pass for any correct implementation, so it survives refactoring.

## When to use
- New code needs tests before it is merged.
- A bug was fixed and needs a regression test.
- Existing code is about to be refactored and has no safety net.

## Workflow
1. List the behaviours from the user's point of view: inputs, outputs, errors, side effects. Ignore private helpers.
2. For each behaviour, write the cases: one typical, then the edges (see checklist), then the failure modes.
3. Look at the existing test suite first and follow its framework, file layout, naming and helpers.
4. Write each test as arrange, act, assert, with one behaviour per test and a name that states it: "returns an empty list when no items match".
5. Use real objects where cheap; fake only slow or non-deterministic boundaries (network, clock, randomness, file system).
6. Run each new test and watch it fail at least once, by breaking the code or the expectation, to prove it can fail.
7. Run the whole suite, twice, to catch order dependence and flakiness.

## Edge case checklist
- Empty: empty string, empty list, zero, missing optional field.
- One and many: a single element, exactly at a limit, one past a limit.
- Invalid: wrong type, malformed input, negative numbers, NaN, out-of-range dates.
- Text: Unicode, emoji, right-to-left text, very long strings, whitespace only.
- Order and duplicates: unsorted input, repeated keys, stable ordering of equal items.
- Time: midnight, month ends, leap days, daylight-saving changes, time zones.
- Errors: the dependency throws, times out or returns partial data.
- Concurrency: two calls at once, a call during shutdown, a retry after failure.

## Assertion checklist
- Assert on exact values, not just that something is defined or truthy.
- Assert on the error type and message for failure cases, not just "it throws".
- Check that nothing else changed when the behaviour promises so (no extra calls, no mutation of input).
- Avoid snapshot tests for logic; use them only for stable, reviewed output.

## Output format
\`\`\`
describe('parseDuration', () => {
  it('parses minutes and seconds', () => {
    expect(parseDuration('2m30s')).toBe(150);
  });
  it('rejects a negative value with a clear message', () => {
    expect(() => parseDuration('-5s')).toThrow('duration must not be negative');
  });
});
\`\`\`
Then report: the behaviours covered, the edge cases covered, and any behaviour left untested and why.

## Pitfalls
- Testing implementation details (private methods, call order of internals), so every refactor breaks tests.
- Mocking the unit under test, or asserting only that a mock was called.
- Tests that depend on each other, on the current date, or on network access.
- Copying the implementation's logic into the test to compute the expected value.
`,
    meta: { source: 'prompt-envelope', version: '1.0', tags: ['code', 'testing'] },
  },
  {
    name: 'security-audit',
    description:
      'Audit code, configuration or logs for security weaknesses and rank them by exploitability.',
    body: `# Security audit

Find weaknesses an attacker could use and rank them by how easily they can be exploited and
what they would gain, so the most dangerous ones are fixed first.

## When to use
- Before releasing a service, endpoint or feature that handles untrusted input or secrets.
- When reviewing infrastructure or application configuration.
- When logs show suspicious activity and you need to know what could have been reached.

## Workflow
1. Define scope: which repository, services, configuration files and log ranges are in scope.
2. Map the attack surface: entry points (HTTP routes, queues, file uploads, CLI arguments, webhooks), trust boundaries, and where secrets and personal data live.
3. For each entry point, follow untrusted data to where it is used: queries, shell commands, file paths, templates, deserializers, redirects.
4. Check authentication and authorisation on every route, not just the ones that look sensitive.
5. Review configuration and dependencies (see checklist).
6. For each finding, work out a concrete exploit path: who the attacker is, what they send, what they get.
7. Rank by exploitability and impact, and propose the smallest fix that closes the hole.

## Code checklist
- Injection: SQL, shell, LDAP, template, or NoSQL built by string concatenation.
- Path traversal: user input joined into file paths without normalisation and a base-directory check.
- Access control: missing ownership checks (IDOR), admin routes reachable by normal users, checks only on the client.
- Deserialization of untrusted data; \`eval\` or dynamic code from input; XML with external entities enabled.
- SSRF: server fetches a URL supplied by the user without an allow-list.
- XSS: untrusted data rendered without escaping; \`innerHTML\` or \`dangerouslySetInnerHTML\` with user input.
- Crypto: home-made crypto, MD5/SHA-1 for passwords, hard-coded keys, non-constant-time comparison of tokens.
- Secrets committed to the repository, printed in logs or returned in error messages.

## Configuration checklist
- Debug mode, default credentials, open admin panels, directory listing.
- CORS allowing any origin with credentials; missing CSRF protection on cookie-authenticated forms.
- TLS disabled or certificate checks turned off; cookies without Secure, HttpOnly and SameSite.
- Over-broad cloud IAM roles, public storage buckets, containers running as root.
- Dependencies with known vulnerabilities (\`npm audit\`, \`pip-audit\`), pinned or not.

## Log checklist
- Bursts of failed logins, requests for paths like \`/.env\` or \`/wp-admin\`, unusual user agents.
- Successful requests after a run of failures from the same source.
- Secrets, tokens or personal data written in plain text.

## Output format
\`\`\`
| # | Severity | Exploitability | Location | Finding | Fix |
|---|----------|----------------|----------|---------|-----|
| 1 | Critical | Remote, no auth | api/files.ts:42 | Path traversal reads any file via ?name=../../etc/passwd | Resolve path, reject if outside UPLOAD_DIR |
\`\`\`
Severity: critical (remote, unauthenticated, high impact) > high > medium > low (needs local
access or unlikely conditions). For each critical and high item, add a short exploit scenario.

## Pitfalls
- Listing scanner output without checking whether the code path is reachable.
- Ranking by how alarming a finding sounds instead of by exploit path and impact.
- Running live exploits against systems you are not authorised to test; describe them instead.
- Copying real secrets into the report; cite the file and line, redact the value.
`,
    meta: { source: 'prompt-envelope', version: '1.0', tags: ['security', 'audit'] },
  },
  {
    name: 'log-triage',
    description:
      'Turn raw logs into a timeline of anomalies with counts, first and last seen, and likely causes.',
    body: `# Log triage

Turn a pile of log lines into a short account of what went wrong and when: which anomalies
occurred, how often, in what order, and what most likely caused them.

## When to use
- An incident is under way or just ended and someone hands you logs.
- A job or service misbehaves and the logs are too large to read line by line.
- You need to tell a new problem from long-standing background noise.

## Workflow
1. Establish the window: when was the problem noticed, and what is a normal period to compare with?
2. Identify the format: timestamp field and time zone, level, service, request or trace id, message.
3. Get the overall shape first: lines per minute, and counts by level and service. Spikes and gaps are clues.
4. Group messages into signatures by replacing variable parts (ids, numbers, IPs, paths) with placeholders.
5. For each signature, count occurrences and record first seen and last seen, both in the incident window and in the baseline.
6. Keep signatures that are new, much more frequent than baseline, or at error level. Drop steady background noise, but mention it.
7. Order the remaining anomalies by first seen and build the timeline. The earliest new anomaly is often nearest the cause.
8. Follow request or trace ids across services to connect a symptom to its origin.
9. For each anomaly, state a likely cause and the evidence for it, and say how confident you are.

## Useful commands
- Count signatures: \`grep -E 'ERROR|WARN' app.log | sed -E 's/[0-9]+/N/g' | sort | uniq -c | sort -rn | head\`
- Lines per minute: \`cut -c1-16 app.log | uniq -c\`
- JSON logs: \`jq -r 'select(.level=="error") | .msg' app.jsonl | sort | uniq -c | sort -rn\`

## Checklist
- Time zones are aligned across all sources before building the timeline.
- Log gaps are noted: a silent service may have crashed, or logging itself failed.
- Restarts, deploys, config changes and cron jobs are placed on the timeline.
- Retries are recognised, so one failure repeated 500 times is not counted as 500 problems.
- The first error of a cascade is distinguished from its consequences (timeouts, connection refused).

## Output format
\`\`\`
| First seen (UTC) | Last seen | Count | Baseline | Signature | Likely cause |
|------------------|-----------|-------|----------|-----------|--------------|
| 09:02:11 | 09:40:55 | 1 | 0 | deploy api v2.3.1 | change |
| 09:02:40 | 09:41:03 | 4,812 | 3/h | db pool exhausted (N/N in use) | new query holds connections |
| 09:03:05 | 09:41:10 | 12,330 | 0 | upstream timeout /orders | consequence of pool exhaustion |

Most likely story: <2–4 sentences>
Confidence: medium — <what would confirm it>
Noise excluded: <signatures seen at normal rates>
\`\`\`

## Pitfalls
- Sorting by count alone: the loudest error is usually a consequence, not the cause.
- Treating errors that also appear in the baseline as new.
- Pasting thousands of raw lines into the report; give signatures, counts and two or three sample lines.
- Leaking tokens, passwords or personal data from log lines into the summary.
`,
    meta: { source: 'prompt-envelope', version: '1.0', tags: ['operations', 'logs'] },
  },
  {
    name: 'summarize',
    description:
      'Summarize a long document into key points, decisions and open questions, quoting the source.',
    body: `# Summarize

Reduce a long document (a spec, meeting transcript, report, thread or contract) to what a busy
reader needs: the key points, what was decided, and what is still open, each tied to a quote.

## When to use
- A document is too long for the reader to go through, or they need to act on it quickly.
- A discussion thread or meeting needs a record of decisions and follow-ups.
- Not for translating or rewriting a document in full; that is a different task.

## Workflow
1. Ask (or infer) who the summary is for and what they will do with it. This decides what matters.
2. Skim the whole document once for structure: sections, speakers, dates, versions.
3. Read it fully and mark passages that state a fact, a decision, a number, a deadline, a risk, or an unresolved question.
4. Group the marks into key points. Merge repeats; keep the most precise wording.
5. Separate decisions (who decided what, and when) from proposals and opinions.
6. Collect open questions: items raised but not settled, disagreements, and missing information.
7. For every item, attach a short verbatim quote with its location (section, page, timestamp or speaker).
8. Check the draft against the source: every number, name and date must match exactly.

## Checklist
- Nothing in the summary that the document does not say; your own inferences are labelled as such.
- Uncertainty in the source ("we might", "probably", "to be confirmed") is kept, not hardened into fact.
- Numbers keep their units and qualifiers ("about 30%", "up to 2 GB").
- Minority views and objections are included when they affect a decision.
- Length is proportional: roughly one key point per major section, usually 5–10 in total.
- Action items name an owner and a date when the source gives them.

## Output format
\`\`\`
**TL;DR:** <two sentences>

**Key points**
1. <point> — "quoted passage" (§2.1)

**Decisions**
- <decision>, decided by <who> on <date> — "quote" (p. 4)

**Open questions**
- <question> — raised by <who>; blocked on <what> — "quote" (00:42:10)

**Action items**
- <owner>: <task> by <date>
\`\`\`

## Pitfalls
- Summarising the first half in detail and the second half in one line; budget attention evenly.
- Presenting a proposal as a decision because it was said confidently.
- Quoting out of context so the quote means something the author did not intend.
- Dropping the open questions; they are often the most useful part for the reader.
`,
    meta: { source: 'prompt-envelope', version: '1.0', tags: ['writing', 'reading'] },
  },
  {
    name: 'perf-analysis',
    description:
      'Find where time goes in a slow request or job and propose the cheapest fix with the largest gain.',
    body: `# Performance analysis

Find out where the time actually goes in a slow request, page or batch job, and recommend the
change that buys the most speed for the least effort and risk. Measure first; guess never.

## When to use
- A request, page, query or job is slower than it should be, or than it used to be.
- Resource usage (CPU, memory, database load, cost) has grown and needs explaining.
- Before an optimisation is started, to make sure it targets the real bottleneck.

## Workflow
1. Define the goal in numbers: which operation, which percentile (p50, p95, p99), current value, target value.
2. Build a repeatable measurement: a benchmark, a replayed request, or production metrics over a fixed window. Run it several times and note the spread.
3. Get a breakdown of one slow instance: a trace with spans, a profiler (flame graph), or timing logs around each stage.
4. Classify the time: CPU, waiting on I/O (database, network, disk), waiting on locks or queues, garbage collection.
5. Find the biggest contributor. Ignore anything under about 5% of the total until the big items are handled.
6. Explain it: why is this stage slow? Look for the patterns in the checklist.
7. List candidate fixes with estimated gain, effort and risk, and pick the best ratio.
8. Apply one fix, measure again with the same setup, and report before and after.

## Common causes checklist
- N+1 queries: one query per item in a loop instead of one batched query.
- Missing or unused index; a query that scans a whole table (check with \`EXPLAIN ANALYZE\`).
- Serial calls to independent services that could run concurrently.
- Repeated work: parsing, serialising, or computing the same value on every request with no cache.
- Fetching far more data than is used (\`SELECT *\`, unpaginated lists, large payloads).
- Quadratic algorithms on inputs that grew: nested loops, repeated array searches, string concatenation in loops.
- Lock contention, connection pool exhaustion, thread pool starvation.
- Excess allocation causing garbage-collection pauses; memory leaks that slow things over time.
- Cold starts, DNS lookups, TLS handshakes with no connection reuse.

## Output format
\`\`\`
Operation: GET /orders (p95) — now 2.4 s, target 500 ms
Measured with: 200 replayed requests, staging, 3 runs (spread ±4%)

Breakdown (p95):
  db: orders.items query x 120 (N+1)   1.6 s  67%
  pricing service call                  0.5 s  21%
  JSON serialisation                    0.2 s   8%

Recommendation: batch the items query (one IN query). Gain ~1.5 s, effort 1 h, low risk.
Next: call pricing concurrently with the db query. Gain ~0.4 s, effort half a day.
Result after fix 1: p95 0.85 s (measured, same setup).
\`\`\`

## Pitfalls
- Optimising code that profiling shows is not on the hot path.
- Measuring in a setup unlike production (tiny data, warm caches, no network latency).
- Reporting an average when users feel the tail; give percentiles.
- Adding a cache as the first resort; it adds invalidation bugs and may hide the real cause.
- Making several changes at once so the gain of each cannot be known.
`,
    meta: { source: 'prompt-envelope', version: '1.0', tags: ['performance', 'operations'] },
  },
];
