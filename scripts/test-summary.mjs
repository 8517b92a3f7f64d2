// Prints vitest's JSON results as one plain closing line: "N passed, N failed" (", N skipped" when any).
import { readFileSync } from 'node:fs';

const results = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const skipped = results.numPendingTests + results.numTodoTests;
console.log(`${results.numPassedTests} passed, ${results.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exitCode = results.numFailedTests === 0 && results.numTotalTests > 0 ? 0 : 1;
