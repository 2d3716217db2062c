import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

interface ValidationItem { instancePath?: string; message?: string; params?: Record<string, unknown> }

/** Turns Fastify's schema errors into the spec's { message, errors } with plain wording. */
function schemaErrors(validation: ValidationItem[], context: string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const v of validation) {
    const extra = v.params?.additionalProperty ?? v.params?.missingProperty;
    const path = `${context}${v.instancePath ?? ''}`.replace(/^\//, '').replace(/\//g, '.') || context;
    const key = extra ? `${path}.${String(extra)}` : path;
    if (errors[key]) continue;
    errors[key] = v.params?.additionalProperty ? `'${String(extra)}' is not a known field.` : v.params?.missingProperty ? `'${String(extra)}' is required.` : `${v.message ?? 'is invalid'}.`;
  }
  return errors;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const message = (error.textKey && app.ctx.registry.texts[error.textKey]) || error.message;
      const errors = error.textKey && error.errors ? Object.fromEntries(Object.keys(error.errors).map((k) => [k, message])) : (error.errors ?? {});
      const body = error.status === 400 ? { message, errors, ...error.extra } : { message, ...error.extra };
      return reply.status(error.status).send(body);
    }
    const fe = error as FastifyError;
    if (fe.validation) {
      return reply.status(400).send({ message: 'The request is not valid.', errors: schemaErrors(fe.validation as ValidationItem[], fe.validationContext ?? 'body') });
    }
    const status = fe.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'The request body is not valid JSON.'
        : fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'The request body is too large.'
        : fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'The request content type is not supported.'
        : status === 401 ? 'Unauthorized' : fe.message;
      return reply.status(status).send(status === 400 ? { message, errors: {} } : { message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again later.' });
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    if (request.method === 'GET' && !path.startsWith('/api/') && !/\.[A-Za-z0-9]+$/.test(path) && app.hasReplyDecorator('sendFile')) return reply.sendFile('index.html');
    return reply.status(404).send({ message: `No such endpoint: ${request.method} ${path}` });
  });
}
