/** A transcription job's states, in the order a job goes through them. */
export const JOB_STATUSES = ["queued", "processing", "completed", "failed", "cancelled"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** States a job can still leave (it is waiting or running). */
export const ACTIVE_JOB_STATUSES = ["queued", "processing"] as const satisfies readonly JobStatus[];
