#!/usr/bin/env node
import { RECORD_USAGE, recordCommand } from './record-command.js';

const [command, ...rest] = process.argv.slice(2);
if (command !== 'record') {
  console.error(`Usage: ${RECORD_USAGE}`);
  process.exit(command === undefined || command === '--help' ? 0 : 2);
}
try {
  const { out, fixture, transcript } = await recordCommand(rest);
  console.log(transcript.join('\n'));
  console.log(`\nRecorded ${fixture.calls.length} model call(s) into ${out}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
