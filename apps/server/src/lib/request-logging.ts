import { LogController, type FastifyReply, type FastifyRequest } from "fastify";

/** Files rather than calls: the web app's documents and assets, the server's images, the docs' assets. */
function isFileRequest(request: FastifyRequest): boolean {
  const { url } = request;
  return !url.startsWith("/api/") || url.startsWith("/api/static/") || url.startsWith("/api/docs");
}

/**
 * Request logs that an operator can follow: calls of the API at info, as Fastify logs them; file
 * requests at debug, since one page load fetches dozens and they would drown everything else (the
 * first-start notice included). A failed file request is still logged as Fastify does.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (isFileRequest(request)) request.log.debug({ req: request }, "incoming request");
    else super.incomingRequest(request, reply);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (!error && isFileRequest(request) && reply.statusCode < 500) {
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, "request completed");
    } else {
      super.requestCompleted(error, request, reply);
    }
  }
}
