import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import type { S3Config } from '../config.ts';
import type { FileStore } from './file-store.ts';

/** Blobs in a bucket of an S3-compatible service (path-style addressing when configured, as most self-hosted ones need). */
export function createS3FileStore(config: S3Config): FileStore {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Checksums only where the service requires them: many S3-compatible services refuse the newer trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const notFound = (error: unknown) =>
    error instanceof S3ServiceException &&
    (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound');

  return {
    put: async (Key, Body, ContentLength, ContentType) => {
      await client.send(new PutObjectCommand({ Bucket, Key, Body, ContentLength, ContentType }));
    },
    get: async (Key) => {
      try {
        const result = await client.send(new GetObjectCommand({ Bucket, Key }));
        return (result.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    delete: async (Key) => {
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
    head: async (Key) => {
      try {
        const result = await client.send(new HeadObjectCommand({ Bucket, Key }));
        return { size: result.ContentLength ?? 0 };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
  };
}
