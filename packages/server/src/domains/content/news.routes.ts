import multipart from '@fastify/multipart';
import { ENDPOINTS, NEWS_IMAGE_PATH_PREFIX, NEWS_STATUS, SUCCESS_CODE } from '@tradedesk/contract';
import { ADMIN_ROUTES } from '@tradedesk/contract/admin';
import { translateMessage } from '@tradedesk/contract/messages';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/app-error.ts';
import { tokenFromHeader } from '../../platform/http/bearer-token.ts';
import { languageOf, registerEndpoint } from '../../platform/http/endpoint.ts';
import type { AdminAuth } from '../../platform/operators/admin-auth.service.ts';
import { registerAdminEndpoint } from '../../platform/operators/admin-endpoint.ts';
import { fileOf } from '../uploads/index.ts';
import type { UserRecord } from '../users/index.ts';
import type { NewsService } from './news.service.ts';
import type { NewsImages } from './news-images.ts';

/** A cover's name is random and never reused, so a reader may keep it for a year. */
const COVER_CACHE = 'public, max-age=31536000, immutable';

/** Traders' reading (visitors too), public cover images, and the editor's calls. */
export async function registerNewsRoutes(
  app: FastifyInstance,
  deps: {
    news: NewsService;
    images: NewsImages;
    auth: AdminAuth;
    authenticate: (token: string | null) => Promise<UserRecord | null>;
    maxBytes: number;
  },
): Promise<void> {
  const { news, images, auth } = deps;
  registerEndpoint(app, ENDPOINTS.newsList, deps.authenticate, ({ params, language }) =>
    news.list(params.category_id, params.page, language),
  );
  registerEndpoint(app, ENDPOINTS.newsInfo, deps.authenticate, ({ params, language }) =>
    news.info(params.id, language),
  );

  app.get<{ Params: { name: string } }>(
    `${NEWS_IMAGE_PATH_PREFIX}:name`,
    async (request, reply) => {
      const image = await images.read(request.params.name);
      if (!image) throw new AppError('NOT_FOUND');
      return reply
        .header('cache-control', COVER_CACHE)
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .type(image.contentType)
        .send(image.bytes);
    },
  );

  const on = <N extends Parameters<typeof registerAdminEndpoint>[1]>(
    name: N,
    handler: Parameters<typeof registerAdminEndpoint<N>>[3],
  ) => registerAdminEndpoint(app, name, { auth }, handler);
  on('newsArticles', ({ params }) => news.adminList(params));
  on('newsArticle', ({ params }) => news.article(params.id));
  on('saveNews', ({ params, actor }) => news.save(actor, params));
  on('publishNews', ({ params, actor }) =>
    news.publish(
      actor,
      params.id,
      params.published === NEWS_STATUS.published ? NEWS_STATUS.published : NEWS_STATUS.draft,
    ),
  );
  on('pinNews', ({ params, actor }) => news.pin(actor, params.id, params.pinned === 1 ? 1 : 0));

  // The cover upload is multipart, which the contract's parameter parsing does not read: the
  // same checks as registerAdminEndpoint (session and role first), then the file.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: deps.maxBytes, files: 1 } });
    const route = ADMIN_ROUTES.newsCover;
    scope.route({
      method: route.method,
      url: route.path,
      handler: async (request) => {
        const language = languageOf(request);
        const operator = await auth.authorize(
          tokenFromHeader(request.headers.authorization),
          route.access,
        );
        const data = await images.upload(
          { adminId: operator.id, email: operator.email, role: operator.role, ip: request.ip },
          await fileOf(request, deps.maxBytes),
        );
        return { code: SUCCESS_CODE, msg: translateMessage(language, 'public.success'), data };
      },
    });
  });
}
