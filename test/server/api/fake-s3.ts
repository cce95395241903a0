/**
 * A minimal path-style S3 endpoint (PutObject, GetObject, DeleteObject) on loopback, enough to
 * check the S3 blob store's requests: what arrives, with which headers, and what comes back.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { listenFastify } from '../../support/listen.js';

export interface StoredObject {
  body: Buffer;
  contentType: string | undefined;
  headers: Record<string, string | string[] | undefined>;
}

export interface FakeS3 {
  app: FastifyInstance;
  endpoint: string;
  objects: Map<string, StoredObject>;
  requests: { method: string; url: string }[];
  close(): Promise<void>;
}

const xmlError = (code: string, message: string) => `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;

export async function startFakeS3(bucket: string): Promise<FakeS3> {
  const objects = new Map<string, StoredObject>();
  const requests: { method: string; url: string }[] = [];
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 * 1024 });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.addHook('onRequest', async (request) => {
    requests.push({ method: request.method, url: request.url });
  });
  const key = (params: { bucket: string; '*': string }) => `${params.bucket}/${decodeURIComponent(params['*'])}`;
  const noBucket = (params: { bucket: string }) => params.bucket !== bucket;

  app.put<{ Params: { bucket: string; '*': string } }>('/:bucket/*', async (request, reply) => {
    if (noBucket(request.params)) return reply.code(404).type('application/xml').send(xmlError('NoSuchBucket', 'no bucket'));
    const body = (request.body as Buffer | undefined) ?? Buffer.alloc(0);
    const declared = Number(request.headers['content-length']);
    if (declared !== body.length) return reply.code(400).type('application/xml').send(xmlError('IncompleteBody', 'length mismatch'));
    objects.set(key(request.params), { body, contentType: request.headers['content-type'], headers: { ...request.headers } });
    return reply.header('etag', '"e"').code(200).send('');
  });
  app.get<{ Params: { bucket: string; '*': string } }>('/:bucket/*', async (request, reply) => {
    const object = objects.get(key(request.params));
    if (!object) return reply.code(404).type('application/xml').send(xmlError('NoSuchKey', 'The specified key does not exist.'));
    return reply.type(object.contentType ?? 'application/octet-stream').send(object.body);
  });
  app.delete<{ Params: { bucket: string; '*': string } }>('/:bucket/*', async (request, reply) => {
    objects.delete(key(request.params));
    return reply.code(204).send();
  });
  const endpoint = await listenFastify(app);
  return { app, endpoint, objects, requests, close: () => app.close() };
}
