import multipart from '@fastify/multipart';
import { ENDPOINTS, UPLOAD_FIELD, UPLOAD_PATH_PREFIX } from '@tradedesk/contract';
import { type AdminRole, mayReadUpload } from '@tradedesk/contract/admin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error.ts';
import { tokenFromHeader } from '../../platform/http/bearer-token.ts';
import { registerEndpoint } from '../../platform/http/endpoint.ts';
import type { UserRecord } from '../users/index.ts';
import type { UploadsService } from './uploads.service.ts';

export interface UploadsRoutesDeps {
  uploads: UploadsService;
  authenticate: (token: string | null) => Promise<UserRecord | null>;
  /**
   * The live operator session behind the token (null for none) with its role — or a null role
   * while the operator may not act yet (ADMIN_REQUIRE_2FA and two-factor not set up).
   */
  operatorOf: (token: string | null) => Promise<{ role: AdminRole | null } | null>;
  maxBytes: number;
}

/** The one file of a multipart request, read whole (it is bounded by `maxBytes`). */
export async function fileOf(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('UPLOAD_MISSING');
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 4, parts: 5 } });
  } catch {
    throw new AppError('UPLOAD_MISSING');
  }
  if (!part || part.fieldname !== UPLOAD_FIELD) throw new AppError('UPLOAD_MISSING');
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('UPLOAD_TOO_LARGE', { max: Math.round(maxBytes / 1_048_576) });
    // A body cut short ("Part terminated early": no closing boundary) brought no whole file.
    throw new AppError('UPLOAD_MISSING');
  }
}

/**
 * POST /api/common/image_upload and reading uploads back. Uploads are private: nothing under
 * the data folder is served statically; an upload is answered only to the trader who sent it
 * or to an operator whose role reviews what it was submitted as (UPLOAD_READERS: identity
 * documents compliance, deposit proofs finance), with headers that keep it out of caches.
 */
export async function registerUploadsRoutes(app: FastifyInstance, deps: UploadsRoutesDeps) {
  // multipart only here: every other endpoint keeps refusing multipart bodies as before.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: deps.maxBytes, files: 1 },
    });
    registerEndpoint(scope, ENDPOINTS.imageUpload, deps.authenticate, async ({ user, request }) =>
      deps.uploads.upload(user.id, await fileOf(request, deps.maxBytes)),
    );
  });

  app.get<{ Params: { name: string } }>(`${UPLOAD_PATH_PREFIX}:name`, async (request, reply) => {
    const token = tokenFromHeader(request.headers.authorization);
    const [user, operator] = await Promise.all([deps.authenticate(token), deps.operatorOf(token)]);
    if (!user && !operator) throw new AppError('INVALID_SESSION');
    const upload = await deps.uploads.find(request.params.name);
    if (!upload) throw new AppError('NOT_FOUND');
    if (upload.userId !== user?.id) {
      // Another trader's upload answers exactly as a missing one: its existence is not told.
      // So it does to an operator who has not set up required two-factor: a password alone
      // opens nothing.
      if (!operator?.role) throw new AppError('NOT_FOUND');
      // An operator is told plainly that their role does not review this kind of document.
      if (!mayReadUpload(operator.role, upload.purposes)) throw new AppError('ADMIN_FORBIDDEN');
    }
    const bytes = await deps.uploads.bytesOf(upload);
    if (!bytes) throw new AppError('NOT_FOUND');
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', 'inline')
      .type(upload.contentType)
      .send(bytes);
  });
}
