// The markdown pipeline is a chunk of its own (packages/agent-ui/src/markdown/markdown-pipeline.ts):
// a page fetches it as the chat's code runs, before any reply renders. Here, before each file's
// tests, so a test that renders a reply sees its markdown at once, as a page does. Not in the
// react-isolated project: its files mock modules this would import first (and
// markdown-pipeline.test.tsx tests the plain text before the chunk ran).
const { loadMarkdownPipeline } = await import('../packages/agent-ui/src/markdown/markdown-pipeline.ts');
await loadMarkdownPipeline();
