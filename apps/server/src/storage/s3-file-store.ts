import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, rm } from "node:fs/promises";
import { basename, join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { AppError } from "../http/app-error.js";
import type { ByteRange, FileStore, LocalCopy, NewFile, StoredFileInfo } from "./file-store.js";

// Files in an S3 bucket (AWS, or any S3-compatible server: Garage, SeaweedFS, Ceph RGW), through
// the AWS SDK v3. Endpoint, region and credentials are the SDK's own settings
// (AWS_ENDPOINT_URL_S3, AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, or a profile or an
// instance role); S3_FORCE_PATH_STYLE=true for servers without virtual-host buckets. Signing is
// the SDK's: nothing here builds a signature.
//
// Keys: `<prefix>users/<account>/<name>`, so an account's files are one prefix (deleted with
// the account). A location is `s3://<bucket>/<key>`.

/** Multipart part size: 8 MiB parts, two in flight, so an upload holds at most ~16 MiB. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

export interface S3StoreSettings {
  bucket: string;
  /** Key prefix, empty or ending in "/". */
  prefix: string;
  forcePathStyle: boolean;
}

/** The client for a bucket: the SDK's own environment, checksums only where S3 requires them. */
export function s3Client(settings: Pick<S3StoreSettings, "forcePathStyle">): S3Client {
  return new S3Client({
    forcePathStyle: settings.forcePathStyle,
    // Many S3-compatible servers do not take the SDK's newer default checksums (CRC32 trailers).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // A bucket that is down answers STORAGE_UNAVAILABLE in seconds, not after minutes of retries.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 60_000 },
  });
}

/** Whether an SDK failure means "no such object" (rather than "the store is away"). */
function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return (
      error.$metadata.httpStatusCode === 404 ||
      error.name === "NoSuchKey" ||
      error.name === "NotFound"
    );
  }
  return false;
}

/** Every other failure of the store is the 503 STORAGE_UNAVAILABLE, the SDK's error its cause. */
function unavailable(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return Object.assign(new AppError("STORAGE_UNAVAILABLE"), { cause: error });
}

export class S3FileStore implements FileStore {
  readonly kind = "s3";

  constructor(
    private readonly settings: S3StoreSettings,
    private readonly client: S3Client,
  ) {}

  /** Whether the client addresses buckets by path (S3_FORCE_PATH_STYLE). */
  get forcePathStyle(): boolean {
    return this.settings.forcePathStyle;
  }

  owns(location: string): boolean {
    return location.startsWith(`s3://${this.settings.bucket}/`);
  }

  private keyOf(location: string): string {
    if (!this.owns(location)) throw new Error(`not a location of this bucket: ${location}`);
    return location.slice(`s3://${this.settings.bucket}/`.length);
  }

  private ownerPrefix(owner: string): string {
    return `${this.settings.prefix}users/${owner}/`;
  }

  async put(file: NewFile, body: Readable): Promise<string> {
    const key = `${this.ownerPrefix(file.owner)}${file.name}`;
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.settings.bucket,
        Key: key,
        Body: body,
        ...(file.contentType ? { ContentType: file.contentType } : {}),
      },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      // A failed multipart upload is aborted: no parts are left in the bucket.
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      body.destroy();
      throw unavailable(error);
    }
    return `s3://${this.settings.bucket}/${key}`;
  }

  async keep(file: NewFile, localPath: string): Promise<string> {
    // Opened first: a missing file rejects here, not on a stream the upload reads later.
    const handle = await open(localPath, "r");
    const location = await this.put(file, handle.createReadStream());
    await rm(localPath, { force: true });
    return location;
  }

  async get(location: string, range?: ByteRange): Promise<Readable> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.settings.bucket,
          Key: this.keyOf(location),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      if (!(answer.Body instanceof Readable)) throw new Error("the S3 answer has no body stream");
      return answer.Body;
    } catch (error) {
      if (isNotFound(error))
        throw Object.assign(new Error("no such stored file"), { code: "ENOENT" });
      throw unavailable(error);
    }
  }

  async stat(location: string): Promise<StoredFileInfo | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(location) }),
      );
      return { size: head.ContentLength ?? 0, modified: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw unavailable(error);
    }
  }

  async delete(location: string): Promise<void> {
    try {
      await this.client.send(
        new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(location) }),
      );
    } catch (error) {
      if (!isNotFound(error)) throw unavailable(error);
    }
  }

  async deleteOwner(owner: string): Promise<number> {
    let deleted = 0;
    let batch: string[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const answer = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.settings.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      if (answer.Errors?.length) throw new Error(`S3 kept ${answer.Errors.length} objects`);
      deleted += batch.length;
      batch = [];
    };
    try {
      for await (const object of this.list(this.ownerPrefix(owner))) {
        batch.push(object.key);
        if (batch.length === 1000) await flush();
      }
      await flush();
    } catch (error) {
      throw unavailable(error);
    }
    return deleted;
  }

  async presignedGetUrl(
    location: string,
    options: { expiresInS: number; contentDisposition?: string; contentType?: string },
  ): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.settings.bucket,
      Key: this.keyOf(location),
      ...(options.contentDisposition
        ? { ResponseContentDisposition: options.contentDisposition }
        : {}),
      ...(options.contentType ? { ResponseContentType: options.contentType } : {}),
    });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresInS });
  }

  async localCopy(location: string, scratchDir: string): Promise<LocalCopy> {
    await mkdir(scratchDir, { recursive: true });
    const path = join(scratchDir, `${randomUUID()}-${basename(this.keyOf(location))}`);
    const release = () => rm(path, { force: true });
    try {
      await pipeline(await this.get(location), createWriteStream(path));
    } catch (error) {
      await release();
      throw error instanceof AppError || (error as { code?: string }).code === "ENOENT"
        ? error
        : unavailable(error);
    }
    return { path, release };
  }

  async *listOlderThan(before: Date): AsyncIterable<string> {
    try {
      for await (const object of this.list(`${this.settings.prefix}users/`)) {
        if (object.modified < before) yield `s3://${this.settings.bucket}/${object.key}`;
      }
    } catch (error) {
      throw unavailable(error);
    }
  }

  /** Every object under a prefix, a page (1,000) at a time. */
  private async *list(prefix: string): AsyncIterable<{ key: string; modified: Date }> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.settings.bucket,
          Prefix: prefix,
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, modified: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
