/**
 * Trusted jwt-bearer issuers for global administrators: whose signed assertions the token
 * endpoint exchanges for access tokens (RFC 7523), for which subject, scopes and key, until when.
 */
import type { TrustedOAuth2JwtGrantIssuer } from '@ory/client';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { badRequest, checkId, notFound } from '../http/api-error.js';
import { NoContent } from '../http/response-schemas.js';
import type { ProviderAdmin } from './provider-admin.js';
import { IssuerParams, TrustedIssuerInput, TrustedIssuerSchema, TrustedIssuersSchema, type TrustedIssuer } from './schemas.js';

const tags = ['oauth2'];
const BASE = '/api/admin/oauth2/issuers';
/** JWK members only a private or symmetric key has (RFC 7518 §6). */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

function toIssuer(trust: TrustedOAuth2JwtGrantIssuer): TrustedIssuer {
  return {
    id: trust.id ?? '',
    issuer: trust.issuer ?? '',
    subject: trust.subject ?? '',
    allowAnySubject: trust.allow_any_subject ?? false,
    scopes: trust.scope ?? [],
    keyId: trust.public_key?.kid ?? '',
    createdAt: trust.created_at ?? null,
    expiresAt: trust.expires_at ?? null,
  };
}

export async function registerOAuth2IssuerRoutes(fastify: FastifyInstance, provider: ProviderAdmin): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(BASE, { schema: { tags, summary: 'Issuers whose jwt-bearer assertions are exchanged for tokens', response: { 200: TrustedIssuersSchema } } }, async () => ({
    items: (await provider.listTrustedIssuers()).map(toIssuer),
  }));

  app.post(
    BASE,
    {
      schema: {
        tags,
        summary: 'Trust an issuer’s assertions for one subject or any, signed with its public key',
        body: TrustedIssuerInput,
        response: { 201: TrustedIssuerSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const anySubject = body.allowAnySubject === true;
      if (anySubject === (body.subject !== undefined)) throw badRequest('body/subject: give a subject or set allowAnySubject, not both', { field: 'body/subject' });
      // A private key sent here would be stored where it must not be; refuse it before it travels further.
      const secretMember = PRIVATE_MEMBERS.find((member) => member in body.jwk);
      if (secretMember) throw badRequest(`body/jwk/${secretMember}: must be a public key`, { field: `body/jwk/${secretMember}` });
      if (new Date(body.expiresAt).getTime() <= Date.now()) throw badRequest('body/expiresAt: must be in the future', { field: 'body/expiresAt' });
      const trusted = await provider.trustIssuer({
        issuer: body.issuer,
        subject: body.subject,
        allowAnySubject: anySubject,
        scope: body.scopes,
        jwk: body.jwk,
        expiresAt: body.expiresAt,
      });
      return reply.code(201).send(toIssuer(trusted));
    },
  );

  app.delete(
    BASE + '/:issuerId',
    { schema: { tags, summary: 'Stop trusting an issuer’s key; assertions signed with it are refused from now on', params: IssuerParams, response: { 204: NoContent } } },
    async (request, reply) => {
      const id = checkId('trusted issuer', request.params.issuerId);
      if (!(await provider.deleteTrustedIssuer(id))) throw notFound('trusted issuer', id);
      return reply.code(204).send();
    },
  );
}
