import { describeRouteProperties } from '../test-utils/fuzz/route-properties.js';

// Property-based fuzzing of every route of `createAgentServer` from the routes' schemas, on PGlite
// (README "Testing the server"; the route list check and the memory store: route-properties.memory.test.ts).
// Replay a failure with the FUZZ_SEED it prints.

describeRouteProperties('pglite');
