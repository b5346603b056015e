// The jobs table's code lives in src/jobs: job-row.ts (the row and its JSON), job-reads.ts
// (queries) and job-lifecycle.ts (every write). Nothing in src imports this file; it keeps the
// names that tests written against this path set their rows up with.
export { claimNextJob, insertTranscription, transition } from "../jobs/job-lifecycle.js";
export { rowOptions, searchText } from "../jobs/job-row.js";
