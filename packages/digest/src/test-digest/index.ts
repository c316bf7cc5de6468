export { detectTestRunner } from "./detect-test-runner";
export { DEFAULT_TEST_DIGEST_LIMIT, digestTestOutput, type TestDigestOptions } from "./digest-test-output";
export {
  TEST_RUNNERS,
  type TestCounts,
  type TestDigest,
  type TestDigestReport,
  type TestFailureGroup,
  type TestFirstError,
  type TestFrame,
  type TestRunner,
} from "./test-digest-types";
export {
  testDigest,
  type ProjectTestDigest,
  type ProjectTestFailureGroup,
  type TestDigestRequest,
  type TestFrameSymbol,
  type TestSymbolMapping,
} from "./project-test-digest";
