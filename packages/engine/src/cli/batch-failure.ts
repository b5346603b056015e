/** A batch in which some files failed (each already reported); exits with the first one's code. */
export class BatchFailure extends Error {
  override readonly name = "BatchFailure";
  constructor(readonly first: unknown) {
    super("Some files could not be transcribed (see above).");
  }
}
