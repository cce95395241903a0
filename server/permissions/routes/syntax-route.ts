/**
 * Keto's syntax check for a Permission Language model: always 200, `{}` for a valid model, or
 * `{"errors": [...]}` with Keto's messages and positions. The body is the model as text, whatever
 * content type it is sent with. A model may name sitewave's own namespaces (`Identity[]`) and
 * may not declare them, as when it is saved.
 */
import type { FastifyInstance } from 'fastify';
import { parseModel } from '../opl/parser.js';
import { PRODUCT_MODEL } from '../product-model.js';

export async function syntaxRoute(app: FastifyInstance): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.post<{ Body: string | undefined }>('/opl/syntax/check', async (request) => {
    const { errors } = parseModel(request.body ?? '', PRODUCT_MODEL);
    return errors.length > 0 ? { errors } : {};
  });
}
